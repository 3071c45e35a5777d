import { Button, Checkbox, Fieldset, Group, List, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/schemas/user.ts';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { StaleEditNotice } from '../../../ui/stale-edit-notice.tsx';
import { fieldIds } from '../../../ui/detail-form.tsx';
import { fieldFrames, inputWidth } from '../../../ui/field-label.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useUserRoles } from '../api/get-user-roles.ts';
import { institutionOptions } from '../lib/institution-options.ts';
import { previewRoles, type GridInstitution } from '../lib/privilege-grid-model.ts';
import { USER_FORM_FIELDS, userStaleRows, type UserStaleWords } from '../lib/user-form.ts';
import { USER_UI } from '../messages.ts';
import { PrivilegeGrid } from './privilege-grid.tsx';
import { RoleBadges } from './role-badges.tsx';
import { useUserEdit, type UserEdit } from './use-user-edit.ts';

const F = USER_UI.fields;
const H = USER_UI.hints;
const E = USER_UI.edit;
const ID = fieldIds(USER_FORM_FIELDS);
const frame = fieldFrames<'prefName' | 'email' | 'homeInstitution'>({ ids: ID, labels: F, hints: H });
const STALE_WORDS: UserStaleWords = {
  fields: F,
  flags: { glblAdmin: E.glblAdmin, glblRead: E.glblRead },
  box: (level, institution) => E.checkboxLabel(USER_UI.access.level[level], institution),
  noHome: USER_UI.noHomeInstitution,
};

export interface UserEditFormProps {
  user: User;
  institutions: readonly GridInstitution[];
  /** Shown at the bottom left, apart from Save and Cancel (Deactivate). */
  secondaryAction?: ReactNode;
}

/** Username (fixed), name, email and home institution. */
function DetailsSection({ user, institutions, edit }: { user: User; institutions: readonly GridInstitution[]; edit: UserEdit }) {
  const homeId = edit.values.homeInstitution === '' ? null : Number(edit.values.homeInstitution);
  const field = (name: 'prefName' | 'email' | 'homeInstitution') => ({
    ...frame(name),
    value: edit.values[name],
    error: edit.errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => edit.set(name, e.currentTarget.value),
    styles: inputWidth('30rem'),
  });
  return (
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
      <TextInput {...field('prefName')} autoComplete="off" />
      <TextInput {...field('email')} type="email" autoComplete="off" />
      <NativeSelect
        {...field('homeInstitution')}
        data={[{ value: '', label: USER_UI.noHomeInstitution }, ...institutionOptions(institutions, homeId)]}
      />
    </Stack>
  );
}

/** Global access, then read, write and admin by institution. */
function AccessSection({ institutions, edit }: { institutions: readonly GridInstitution[]; edit: UserEdit }) {
  const gridError = ['privileges.read', 'privileges.write', 'privileges.admin']
    .map((k) => edit.errors[k])
    .filter(Boolean)
    .join(' ');
  return (
    <Stack gap="md" component="section" aria-labelledby="user-access-title">
      <Title order={2} fz="h3" id="user-access-title">
        {E.accessTitle}
      </Title>
      <Text size="sm" maw="48rem">
        {E.accessIntro}
      </Text>
      <Fieldset legend={E.globalTitle} variant="filled">
        <Stack gap="sm">
          {(['glblAdmin', 'glblRead'] as const).map((flag) => {
            const key = `privileges.${flag}`;
            return (
              <Checkbox
                key={flag}
                id={ID[key]}
                label={E[flag]}
                description={E[`${flag}Hint`]}
                checked={edit.values.access[flag]}
                error={edit.errors[key]}
                aria-invalid={edit.errors[key] ? true : undefined}
                onChange={(e) => edit.setAccess({ ...edit.values.access, [flag]: e.currentTarget.checked }, [key])}
              />
            );
          })}
        </Stack>
      </Fieldset>
      <Title order={3} fz="h4">
        {E.gridTitle}
      </Title>
      {edit.values.access.glblAdmin ? (
        <Text size="sm" c="gray.8">
          {E.globalMakesGridRedundant}
        </Text>
      ) : null}
      <PrivilegeGrid
        institutions={institutions}
        access={edit.values.access}
        onChange={(access) => edit.setAccess(access, ['privileges.read', 'privileges.write', 'privileges.admin'])}
        error={gridError || undefined}
      />
    </Stack>
  );
}

/** The roles the user will hold once saved, as the server derives them from the access. */
function RolesSection({ user, edit }: { user: User; edit: UserEdit }) {
  const roles = useUserRoles();
  useErrorToast(roles.error);
  const rolesAfter = previewRoles(user.roles, edit.values.access);
  const rolesChanged = rolesAfter.join() !== previewRoles(user.roles, edit.saved.access).join();
  const descriptions = new Map((roles.data ?? []).map((r) => [r.role, r.description]));
  return (
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
  );
}

/**
 * The user's details and access. Save sends only what changed; the server's field errors land beside their fields
 * and in the summary at the top, and what was typed stays. Leaving with unsaved changes asks first.
 */
export function UserEditForm({ user, institutions, secondaryAction }: UserEditFormProps) {
  const edit = useUserEdit(user);
  return (
    <Stack gap="md" maw="60rem">
      <ErrorSummary items={edit.summary} />
      {edit.stale ? (
        <StaleEditNotice
          message={edit.stale.message}
          rows={userStaleRows(edit.values, edit.stale.current, institutions, STALE_WORDS)}
          focusKey={edit.stale}
          onUseTheirs={edit.takeTheirs}
        />
      ) : null}
      <Paper component="form" withBorder p="lg" radius="md" noValidate onSubmit={edit.submit} data-testid="user-form">
        <Stack gap="xl">
          <DetailsSection user={user} institutions={institutions} edit={edit} />
          <AccessSection institutions={institutions} edit={edit} />
          <RolesSection user={user} edit={edit} />

          <Group justify="space-between" gap="sm">
            <div>{secondaryAction}</div>
            <Group gap="sm">
              <Button component={Link} to="/admin" variant="default">
                {E.cancel}
              </Button>
              <Button type="submit" loading={edit.saving}>
                {E.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {edit.guard.dialog}
    </Stack>
  );
}
