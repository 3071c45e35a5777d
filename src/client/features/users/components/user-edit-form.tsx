import { Button, Checkbox, Fieldset, Group, List, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/schemas/user.ts';
import { notify } from '../../../lib/notifications.ts';
import { ErrorSummary, type SummaryItem } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER, inputWidth } from '../../../ui/field-label.tsx';
import { serverFormErrors, summaryItems, type FieldErrors } from '../../../ui/form-errors.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes.tsx';
import { useUserRoles } from '../api/get-user-roles.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { institutionOptions } from '../lib/institution-options.ts';
import { previewRoles, type AccessState, type GridInstitution } from '../lib/privilege-grid-model.ts';
import {
  USER_FORM_FIELDS,
  USER_FORM_FIELD_NAMES,
  changedParts,
  hasChanges,
  userToFormValues,
  validateUserPatch,
  type UserFormValues,
} from '../lib/user-form.ts';
import { USER_UI } from '../messages.ts';
import { PrivilegeGrid } from './privilege-grid.tsx';
import { RoleBadges } from './role-badges.tsx';

const F = USER_UI.fields;
const H = USER_UI.hints;
const E = USER_UI.edit;
const ID = Object.fromEntries(USER_FORM_FIELDS.map((f) => [f.name, f.id])) as Record<string, string>;

export interface UserEditFormProps {
  user: User;
  institutions: readonly GridInstitution[];
  /** Shown at the bottom left, apart from Save and Cancel (Deactivate). */
  secondaryAction?: ReactNode;
}

/**
 * The user's details and access. Save sends only what changed; the server's field errors land beside their fields
 * and in the summary at the top, and what was typed stays. Leaving with unsaved changes asks first.
 */
export function UserEditForm({ user, institutions, secondaryAction }: UserEditFormProps) {
  const update = useUpdateUser(user.id);
  const roles = useUserRoles();
  useErrorToast(roles.error);
  const [saved, setSaved] = useState<UserFormValues>(() => userToFormValues(user));
  const [values, setValues] = useState<UserFormValues>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const patch = useMemo(() => changedParts(saved, values), [saved, values]);
  const dirty = hasChanges(patch);
  const guard = useUnsavedChangesGuard(dirty);

  const rolesAfter = previewRoles(user.roles, values.access);
  const rolesChanged = rolesAfter.join() !== previewRoles(user.roles, saved.access).join();
  const descriptions = new Map((roles.data ?? []).map((r) => [r.role, r.description]));

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
      notify({ level: 'info', message: E.noChanges });
      return;
    }
    const invalid = validateUserPatch(patch);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setSummary(summaryItems(invalid, USER_FORM_FIELDS));
      return;
    }
    try {
      const result = await update.mutateAsync(patch);
      const next = userToFormValues(result);
      setSaved(next);
      setValues(next);
      setErrors({});
      setSummary([]);
      notify({ level: 'success', message: USER_UI.toast.saved });
    } catch (error) {
      const { fields, other } = serverFormErrors(error, USER_FORM_FIELD_NAMES);
      setErrors(fields);
      setSummary(summaryItems(fields, USER_FORM_FIELDS, other));
      notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const gridError = ['privileges.read', 'privileges.write', 'privileges.admin']
    .map((k) => errors[k])
    .filter(Boolean)
    .join(' ');
  const homeId = values.homeInstitution === '' ? null : Number(values.homeInstitution);

  return (
    <Stack gap="md" maw="60rem">
      <ErrorSummary items={summary} />
      <Paper component="form" withBorder p="lg" radius="md" noValidate onSubmit={submit} data-testid="user-form">
        <Stack gap="xl">
          <Stack gap="md" component="section" aria-labelledby="user-details-title">
            <Title order={2} fz="h3" id="user-details-title">
              {E.detailsTitle}
            </Title>
            <div>
              <Text fw={600} size="sm">
                {E.username}
              </Text>
              <Text ff="monospace" data-testid="user-username">
                {user.username}
              </Text>
            </div>
            <TextInput
              id={ID.prefName}
              label={F.prefName}
              description={H.prefName}
              inputWrapperOrder={FIELD_ORDER}
              value={values.prefName}
              error={errors.prefName}
              onChange={(e) => set('prefName', e.currentTarget.value)}
              autoComplete="off"
              styles={inputWidth('30rem')}
            />
            <TextInput
              id={ID.email}
              label={F.email}
              description={H.email}
              inputWrapperOrder={FIELD_ORDER}
              type="email"
              value={values.email}
              error={errors.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              autoComplete="off"
              styles={inputWidth('30rem')}
            />
            <NativeSelect
              id={ID.homeInstitution}
              label={F.homeInstitution}
              description={H.homeInstitution}
              inputWrapperOrder={FIELD_ORDER}
              value={values.homeInstitution}
              error={errors.homeInstitution}
              data={[{ value: '', label: USER_UI.noHomeInstitution }, ...institutionOptions(institutions, homeId)]}
              onChange={(e) => set('homeInstitution', e.currentTarget.value)}
              styles={inputWidth('30rem')}
            />
          </Stack>

          <Stack gap="md" component="section" aria-labelledby="user-access-title">
            <Title order={2} fz="h3" id="user-access-title">
              {E.accessTitle}
            </Title>
            <Text size="sm" maw="48rem">
              {E.accessIntro}
            </Text>
            <Fieldset legend={E.globalTitle} variant="filled">
              <Stack gap="sm">
                <Checkbox
                  id={ID['privileges.glblAdmin']}
                  label={E.glblAdmin}
                  description={E.glblAdminHint}
                  checked={values.access.glblAdmin}
                  error={errors['privileges.glblAdmin']}
                  aria-invalid={errors['privileges.glblAdmin'] ? true : undefined}
                  onChange={(e) => setAccess({ ...values.access, glblAdmin: e.currentTarget.checked }, ['privileges.glblAdmin'])}
                />
                <Checkbox
                  id={ID['privileges.glblRead']}
                  label={E.glblRead}
                  description={E.glblReadHint}
                  checked={values.access.glblRead}
                  error={errors['privileges.glblRead']}
                  aria-invalid={errors['privileges.glblRead'] ? true : undefined}
                  onChange={(e) => setAccess({ ...values.access, glblRead: e.currentTarget.checked }, ['privileges.glblRead'])}
                />
              </Stack>
            </Fieldset>
            <Title order={3} fz="h4">
              {E.gridTitle}
            </Title>
            {values.access.glblAdmin ? (
              <Text size="sm" c="gray.8">
                {E.globalMakesGridRedundant}
              </Text>
            ) : null}
            <PrivilegeGrid
              institutions={institutions}
              access={values.access}
              onChange={(access) => setAccess(access, ['privileges.read', 'privileges.write', 'privileges.admin'])}
              error={gridError || undefined}
            />
          </Stack>

          <Stack gap="xs" component="section" aria-labelledby="user-roles-title" data-testid="roles-after-saving">
            <Title order={2} fz="h3" id="user-roles-title">
              {E.rolesTitle}
            </Title>
            <Text size="sm">{E.rolesHint}</Text>
            <Group gap="sm" aria-live="polite">
              <RoleBadges roles={rolesAfter} size="md" />
              {rolesChanged ? (
                <Text size="sm" fs="italic">
                  {E.rolesChanged}
                </Text>
              ) : null}
            </Group>
            {descriptions.size > 0 ? (
              <List size="sm" spacing={2}>
                {rolesAfter.map((role) => (
                  <List.Item key={role}>
                    <Text span fw={600} size="sm">
                      {USER_UI.roles[role]}
                    </Text>
                    {`: ${descriptions.get(role) ?? ''}`}
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Stack>

          <Group justify="space-between" gap="sm">
            <div>{secondaryAction}</div>
            <Group gap="sm">
              <Button component={Link} to="/admin" variant="default">
                {E.cancel}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {E.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {guard.dialog}
    </Stack>
  );
}
