import { UserCreateSchema, type UserCreate } from '../../../../shared/schemas/user.ts';
import { issuesToFieldErrors, type FieldErrors, type FormFieldRef } from '../../../ui/form-errors.ts';

/** The add form as typed; the home institution is a select's value (an id as text, or ''). */
export interface AddUserFormValues {
  username: string;
  prefName: string;
  email: string;
  homeInstitution: string;
}

export const EMPTY_ADD_USER_FORM: AddUserFormValues = { username: '', prefName: '', email: '', homeInstitution: '' };

export const ADD_USER_FIELDS: readonly FormFieldRef[] = [
  { name: 'username', id: 'add-user-username' },
  { name: 'prefName', id: 'add-user-pref-name' },
  { name: 'email', id: 'add-user-email' },
  { name: 'homeInstitution', id: 'add-user-home-institution' },
];

export const ADD_USER_FIELD_NAMES: readonly string[] = ADD_USER_FIELDS.map((f) => f.name);

export type AddUserCheck = { ok: true; body: UserCreate } | { ok: false; errors: FieldErrors };

/** Checks the form with the schema the server applies and gives the body to send (trimmed; no privileges yet). */
export function checkAddUserForm(values: AddUserFormValues): AddUserCheck {
  const raw = {
    username: values.username,
    prefName: values.prefName,
    email: values.email,
    homeInstitution: values.homeInstitution === '' ? null : Number(values.homeInstitution),
  };
  const result = UserCreateSchema.safeParse(raw);
  if (!result.success) return { ok: false, errors: issuesToFieldErrors(result.error.issues) };
  const { username, prefName, email, homeInstitution } = result.data;
  return { ok: true, body: { username, prefName, email, homeInstitution } };
}

export function validateAddUserForm(values: AddUserFormValues): FieldErrors {
  const check = checkAddUserForm(values);
  return check.ok ? {} : check.errors;
}
