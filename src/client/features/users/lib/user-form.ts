import { UserUpdateSchema, type PrivilegesInput, type User, type UserUpdate } from '../../../../shared/schemas/user.ts';
import { issuesToFieldErrors, type FieldErrors, type FormFieldRef } from '../../../ui/form-errors.ts';
import { mergeStale, shownValue, staleRows, type StaleRow } from '../../../ui/stale-values.ts';
import {
  LEVELS,
  accessToPrivileges,
  levelsOf,
  privilegesToAccess,
  setLevel,
  type AccessState,
  type GridInstitution,
  type Level,
} from './privilege-grid-model.ts';

/** What the edit form holds while someone works on it. The home institution is a select's value: an id as text, or ''. */
export interface UserFormValues {
  prefName: string;
  email: string;
  homeInstitution: string;
  access: AccessState;
}

/**
 * The form's fields in the order they appear, with the ids their inputs carry (the error summary links to them).
 * The names are the server's field-error keys, so its 400 answers land beside the right field.
 */
export const USER_FORM_FIELDS: readonly FormFieldRef[] = [
  { name: 'prefName', id: 'user-pref-name' },
  { name: 'email', id: 'user-email' },
  { name: 'homeInstitution', id: 'user-home-institution' },
  { name: 'privileges.glblAdmin', id: 'user-glbl-admin' },
  { name: 'privileges.glblRead', id: 'user-glbl-read' },
  { name: 'privileges.read', id: 'user-grid-filter' },
  { name: 'privileges.write', id: 'user-grid-filter' },
  { name: 'privileges.admin', id: 'user-grid-filter' },
  { name: 'active', id: 'user-deactivate' },
];

export const USER_FORM_FIELD_NAMES: readonly string[] = USER_FORM_FIELDS.map((f) => f.name);

export function userToFormValues(user: User): UserFormValues {
  return {
    prefName: user.prefName,
    email: user.email,
    homeInstitution: user.homeInstitution === null ? '' : String(user.homeInstitution),
    access: privilegesToAccess(user.privileges),
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const x = [...new Set(a)].sort((p, q) => p - q);
  const y = [...new Set(b)].sort((p, q) => p - q);
  return x.length === y.length && x.every((id, i) => id === y[i]);
};

/**
 * The PATCH body with only the parts that changed: a text or the home institution when it differs (after trimming),
 * each privilege list only when its set of ids differs (a list sent replaces the stored one), each flag when flipped.
 * An empty object means nothing to save.
 */
export function changedParts(saved: UserFormValues, current: UserFormValues): UserUpdate {
  const patch: UserUpdate = {};
  if (current.prefName.trim() !== saved.prefName.trim()) patch.prefName = current.prefName.trim();
  if (current.email.trim() !== saved.email.trim()) patch.email = current.email.trim();
  if (current.homeInstitution !== saved.homeInstitution) {
    patch.homeInstitution = current.homeInstitution === '' ? null : Number(current.homeInstitution);
  }
  const before = accessToPrivileges(saved.access);
  const after = accessToPrivileges(current.access);
  const privileges: PrivilegesInput = {};
  for (const level of LEVELS) if (!sameIds(before[level], after[level])) privileges[level] = after[level];
  if (before.glblAdmin !== after.glblAdmin) privileges.glblAdmin = after.glblAdmin;
  if (before.glblRead !== after.glblRead) privileges.glblRead = after.glblRead;
  if (Object.keys(privileges).length > 0) patch.privileges = privileges;
  return patch;
}

export function hasChanges(patch: UserUpdate): boolean {
  return Object.keys(patch).length > 0;
}

/** Checks the changed parts with the schema the server applies; field errors keyed like the server's. */
export function validateUserPatch(patch: UserUpdate): FieldErrors {
  const result = UserUpdateSchema.safeParse(patch);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'privileges' && typeof issue.path[1] === 'string' ? `privileges.${issue.path[1]}` : null;
    if (key) errors[key] ??= issue.message;
  }
  return { ...issuesToFieldErrors(result.error.issues.filter((i) => i.path[0] !== 'privileges')), ...errors };
}

const DETAILS = ['prefName', 'email', 'homeInstitution'] as const;
const FLAGS = ['glblAdmin', 'glblRead'] as const;

/** The institutions any of these forms has a box ticked for, in id order. */
const gridIds = (...forms: UserFormValues[]) =>
  [...new Set(forms.flatMap((values) => Object.keys(values.access.grid).map(Number)))].sort((a, b) => a - b);

/**
 * The form after a stale save (decision 044): theirs, with each value the person changed kept, the access box by box,
 * so a privilege someone else gave or took away meanwhile stays as they left it unless this person changed that box.
 */
export function mergeStaleUser(yours: UserFormValues, loaded: UserFormValues, theirs: UserFormValues): UserFormValues {
  const pick = <T>(mine: T, base: T, other: T) => (mine === base ? other : mine);
  const detailsOf = ({ prefName, email, homeInstitution }: UserFormValues) => ({ prefName, email, homeInstitution });
  const details = mergeStale(detailsOf(yours), detailsOf(loaded), detailsOf(theirs));
  let access: AccessState = {
    grid: {},
    glblAdmin: pick(yours.access.glblAdmin, loaded.access.glblAdmin, theirs.access.glblAdmin),
    glblRead: pick(yours.access.glblRead, loaded.access.glblRead, theirs.access.glblRead),
  };
  for (const id of gridIds(yours, loaded, theirs)) {
    for (const level of LEVELS) {
      const on = pick(levelsOf(yours.access, id)[level], levelsOf(loaded.access, id)[level], levelsOf(theirs.access, id)[level]);
      access = setLevel(access, id, level, on);
    }
  }
  return { ...details, access };
}

/** Words the rows of a stale save's notice need from the screen. */
export interface UserStaleWords {
  fields: Record<(typeof DETAILS)[number], string>;
  flags: Record<(typeof FLAGS)[number], string>;
  /** "Write on UVic". */
  box: (level: Level, institution: string) => string;
  noHome: string;
}

/** Each value where the person's form differs from theirs: the details, the two global flags, then each box. */
export function userStaleRows(
  yours: UserFormValues,
  theirs: UserFormValues,
  institutions: readonly GridInstitution[],
  words: UserStaleWords,
): StaleRow[] {
  const nameOf = (id: number) => institutions.find((i) => i.id === id)?.short_name ?? `#${id}`;
  const home = (value: string) => (value === '' ? words.noHome : nameOf(Number(value)));
  const rows = staleRows(
    { prefName: yours.prefName, email: yours.email, homeInstitution: home(yours.homeInstitution) },
    { prefName: theirs.prefName, email: theirs.email, homeInstitution: home(theirs.homeInstitution) },
    DETAILS.map((name) => ({ name, label: words.fields[name] })),
  );
  rows.push(
    ...staleRows(
      yours.access,
      theirs.access,
      FLAGS.map((name) => ({ name, label: words.flags[name] })),
    ),
  );
  for (const id of gridIds(yours, theirs)) {
    for (const level of LEVELS) {
      const mine = levelsOf(yours.access, id)[level];
      const other = levelsOf(theirs.access, id)[level];
      if (mine !== other)
        rows.push({
          key: `${level}-${id}`,
          label: words.box(level, nameOf(id)),
          theirs: shownValue(other),
          yours: shownValue(mine),
        });
    }
  }
  return rows;
}
