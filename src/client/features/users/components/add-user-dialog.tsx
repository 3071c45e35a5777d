import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { ErrorSummary, type SummaryItem } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER, RequiredLabel, inputWidth } from '../../../ui/field-label.tsx';
import { serverFormErrors, summaryItems } from '../../../ui/form-errors.ts';
import { UI_PIECES } from '../../../ui/messages.ts';
import { useCreateUser } from '../api/create-user.ts';
import {
  ADD_USER_FIELDS,
  ADD_USER_FIELD_NAMES,
  EMPTY_ADD_USER_FORM,
  checkAddUserForm,
  validateAddUserForm,
  type AddUserFormValues,
} from '../lib/add-user-form.ts';
import { institutionOptions, type OptionInstitution } from '../lib/institution-options.ts';
import { USER_UI } from '../messages.ts';

const F = USER_UI.fields;
const H = USER_UI.hints;
const A = USER_UI.add;
const ID = Object.fromEntries(ADD_USER_FIELDS.map((f) => [f.name, f.id])) as Record<keyof AddUserFormValues, string>;

export interface AddUserDialogProps {
  opened: boolean;
  onClose: () => void;
  institutions: readonly OptionInstitution[];
}

/**
 * "Add user" for someone who has not signed in yet: username (as single sign-on reports it), names and home
 * institution. On success the new user's page opens to grant privileges. Closing with something typed asks first.
 */
export function AddUserDialog({ opened, onClose, institutions }: AddUserDialogProps) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useForm<AddUserFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_ADD_USER_FORM,
    validate: validateAddUserForm,
  });
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [askingToDiscard, setAskingToDiscard] = useState(false);

  const close = () => {
    form.reset();
    setSummary([]);
    setAskingToDiscard(false);
    onClose();
  };

  const requestClose = () => {
    if (create.isPending) return;
    if (form.isDirty()) setAskingToDiscard(true);
    else close();
  };

  const submit = form.onSubmit(
    async (values) => {
      const check = checkAddUserForm(values);
      if (!check.ok) return;
      try {
        const id = await create.mutateAsync(check.body);
        notify({ level: 'success', message: USER_UI.toast.added });
        close();
        void navigate(`/admin/${id}`);
      } catch (error) {
        const { fields, other } = serverFormErrors(error, ADD_USER_FIELD_NAMES);
        form.setErrors(fields);
        setSummary(summaryItems(fields, ADD_USER_FIELDS, other));
        notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    },
    (errors) => setSummary(summaryItems(errors, ADD_USER_FIELDS)),
  );

  const text = (field: 'username' | 'prefName' | 'email') => ({
    id: ID[field],
    description: H[field],
    inputWrapperOrder: FIELD_ORDER,
    autoComplete: 'off',
    ...form.getInputProps(field),
  });

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={askingToDiscard ? A.discardTitle : A.title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': UI_PIECES.confirm.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {askingToDiscard ? (
        <Stack gap="lg">
          <Text>{A.discardBody}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAskingToDiscard(false)} data-autofocus>
              {A.keepEditing}
            </Button>
            <Button color="red.9" onClick={close}>
              {A.discard}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit} data-testid="add-user-form">
          <Stack gap="md">
            <Text size="sm">{A.intro}</Text>
            <ErrorSummary items={summary} />
            <TextInput
              {...text('username')}
              label={<RequiredLabel>{F.username}</RequiredLabel>}
              required
              withAsterisk={false}
              styles={inputWidth('20rem')}
              data-autofocus
            />
            <TextInput {...text('prefName')} label={F.prefName} />
            <TextInput {...text('email')} label={F.email} type="email" />
            <NativeSelect
              id={ID.homeInstitution}
              label={F.homeInstitution}
              description={H.homeInstitution}
              inputWrapperOrder={FIELD_ORDER}
              data={[{ value: '', label: USER_UI.noHomeInstitution }, ...institutionOptions(institutions)]}
              {...form.getInputProps('homeInstitution')}
            />
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={requestClose} disabled={create.isPending}>
                {A.cancel}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {A.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
