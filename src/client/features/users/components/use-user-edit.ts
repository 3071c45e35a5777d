import { useMemo, useState } from 'react';
import { UserSchema, type User } from '../../../../shared/schemas/user.ts';
import { notify } from '../../../lib/notifications.ts';
import { useEditVersion, type StaleEdit } from '../../../lib/stale-edit.ts';
import type { SummaryItem } from '../../../ui/error-summary.tsx';
import { serverFormErrors, summaryItems, type FieldErrors } from '../../../ui/form-errors.ts';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes.tsx';
import { useUpdateUser } from '../api/update-user.ts';
import type { AccessState } from '../lib/privilege-grid-model.ts';
import {
  USER_FORM_FIELDS,
  USER_FORM_FIELD_NAMES,
  changedParts,
  hasChanges,
  mergeStaleUser,
  userToFormValues,
  validateUserPatch,
  type UserFormValues,
} from '../lib/user-form.ts';
import { USER_UI } from '../messages.ts';

/**
 * The user form's state: what was saved, what is typed, the errors. Save sends only what changed; the server's field
 * errors land beside their fields and in the summary, and what was typed stays. Leaving with changes asks first.
 */
export function useUserEdit(user: User) {
  const update = useUpdateUser(user.id);
  const version = useEditVersion(user, UserSchema, userToFormValues);
  const [saved, setSaved] = useState<UserFormValues>(() => userToFormValues(user));
  const [values, setValues] = useState<UserFormValues>(saved);
  /** After a save refused as stale: the server's sentence and what someone else saved (decision 044). */
  const [stale, setStale] = useState<StaleEdit<UserFormValues> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const patch = useMemo(() => changedParts(saved, values), [saved, values]);
  const dirty = hasChanges(patch);
  const guard = useUnsavedChangesGuard(dirty);

  /** Sets a value and drops the errors it answers (a grid change answers the three privilege lists'). */
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K], errorKeys: string[] = [key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errorKeys.some((k) => errors[k])) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !errorKeys.includes(k))));
    }
  };
  const setAccess = (access: AccessState, errorKeys: string[]) => set('access', access, errorKeys);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!dirty) {
      setSummary([]);
      notify({ level: 'info', message: USER_UI.edit.noChanges });
      return;
    }
    const invalid = validateUserPatch(patch);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setSummary(summaryItems(invalid, USER_FORM_FIELDS));
      return;
    }
    try {
      const result = await update.mutateAsync({ ...patch, version: version.version });
      version.saved(result);
      const next = userToFormValues(result);
      setSaved(next);
      setValues(next);
      setErrors({});
      setSummary([]);
      setStale(null);
      notify({ level: 'success', message: USER_UI.toast.saved });
    } catch (error) {
      const refused = version.theirs(error);
      if (refused) {
        // Dirty from here on means the person's own changes, over theirs.
        setSaved(refused.current);
        setValues(mergeStaleUser(values, saved, refused.current));
        setErrors({});
        setSummary([]);
        setStale(refused);
        return;
      }
      const { fields, other } = serverFormErrors(error, USER_FORM_FIELD_NAMES);
      setErrors(fields);
      setSummary(summaryItems(fields, USER_FORM_FIELDS, other));
      notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  /** Takes what someone else saved everywhere, dropping the person's changes. */
  const takeTheirs = () => {
    if (stale) setValues(stale.current);
    setStale(null);
  };

  return { saved, values, errors, summary, guard, set, setAccess, submit, saving: update.isPending, stale, takeTheirs };
}

export type UserEdit = ReturnType<typeof useUserEdit>;
