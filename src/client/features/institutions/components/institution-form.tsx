import { Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { INSTITUTION_TYPES, REGIONS } from '../../../../shared/constants.ts';
import type { InstitutionCreate } from '../../../../shared/schemas/institution.ts';
import { notify } from '../../../lib/notifications.ts';
import { ErrorSummary, type SummaryItem } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER, RequiredLabel, inputWidth } from '../../../ui/field-label.tsx';
import { serverFormErrors, summaryItems } from '../../../ui/form-errors.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes.tsx';
import { useInstitutionTypes } from '../api/get-institution-types.ts';
import {
  INSTITUTION_FIELDS,
  INSTITUTION_FIELD_NAMES,
  checkInstitutionForm,
  validateInstitutionForm,
  type InstitutionField,
  type InstitutionFormValues,
} from '../lib/institution-form.ts';
import { INSTITUTION_UI } from '../messages.ts';

const F = INSTITUTION_UI.fields;
const H = INSTITUTION_UI.hints;
const ID = Object.fromEntries(INSTITUTION_FIELDS.map((f) => [f.name, f.id])) as Record<InstitutionField, string>;

/** What a successful save leads to: another page, or the form showing the saved values. */
export type InstitutionSaveResult = { navigateTo: string } | { values: InstitutionFormValues };

export interface InstitutionFormProps {
  initialValues: InstitutionFormValues;
  submitLabel: string;
  /** Saves the checked body; throws (an ApiError) when the save fails. */
  onSave: (body: InstitutionCreate) => Promise<InstitutionSaveResult>;
  saving: boolean;
  /** Where Cancel goes; it asks first when something has been typed. */
  cancelTo: string;
  /** Edits only: tells the user nothing changed instead of saving. */
  requireChanges?: boolean;
  /** Shown at the bottom left, apart from Save and Cancel (the edit page's Delete). */
  secondaryAction?: ReactNode;
}

/**
 * The institution form for adding and editing: checked with the shared schema before sending; on failure the summary
 * at the top links to each field, the server's field errors sit beside their fields, and what was typed stays.
 */
export function InstitutionForm({
  initialValues,
  submitLabel,
  onSave,
  saving,
  cancelTo,
  requireChanges = false,
  secondaryAction,
}: InstitutionFormProps) {
  const navigate = useNavigate();
  const types = useInstitutionTypes();
  useErrorToast(types.error);
  const typeOptions = types.data && types.data.length > 0 ? types.data : [...INSTITUTION_TYPES];

  const form = useForm<InstitutionFormValues>({ mode: 'controlled', initialValues, validate: validateInstitutionForm });
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const guard = useUnsavedChangesGuard(form.isDirty());

  const submit = form.onSubmit(
    async (values) => {
      const check = checkInstitutionForm(values);
      if (!check.ok) return; // validate() has already shown these
      if (requireChanges && !form.isDirty()) {
        setSummary([]);
        notify({ level: 'info', message: INSTITUTION_UI.form.noChanges });
        return;
      }
      try {
        const result = await onSave(check.body);
        setSummary([]);
        if ('navigateTo' in result) {
          guard.allowNavigation();
          void navigate(result.navigateTo);
        } else {
          form.setValues(result.values);
          form.setInitialValues(result.values);
          form.resetDirty(result.values);
        }
      } catch (error) {
        const { fields, other } = serverFormErrors(error, INSTITUTION_FIELD_NAMES);
        form.setErrors(fields);
        setSummary(summaryItems(fields, INSTITUTION_FIELDS, other));
        notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    },
    (errors) => setSummary(summaryItems(errors, INSTITUTION_FIELDS)),
  );

  const select = (field: 'institution_type' | 'region', options: readonly string[]) => ({
    id: ID[field],
    label: <RequiredLabel>{F[field]}</RequiredLabel>,
    description: H[field],
    inputWrapperOrder: FIELD_ORDER,
    size: 'md',
    required: true,
    withAsterisk: false,
    value: form.values[field] ?? '',
    data: [{ value: '', label: INSTITUTION_UI.choose[field] }, ...options],
    error: form.errors[field],
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      form.setFieldValue(field, event.currentTarget.value || null);
      form.clearFieldError(field);
    },
  });

  const text = (field: 'name' | 'short_name' | 'name_code') => ({
    id: ID[field],
    label: <RequiredLabel>{F[field]}</RequiredLabel>,
    description: H[field],
    inputWrapperOrder: FIELD_ORDER,
    size: 'md',
    required: true,
    withAsterisk: false,
    autoComplete: 'off',
    ...form.getInputProps(field),
  });

  return (
    <Stack gap="md" maw="44rem">
      <ErrorSummary items={summary} />
      <Paper
        component="form"
        withBorder
        p="lg"
        radius="md"
        noValidate
        onSubmit={submit}
        aria-labelledby="institution-form-title"
        data-testid="institution-form"
      >
        <Stack gap="lg">
          <Title order={2} fz="h3" id="institution-form-title">
            {INSTITUTION_UI.form.detailsTitle}
          </Title>
          <TextInput {...text('name')} />
          <TextInput {...text('short_name')} styles={inputWidth('16rem')} />
          <TextInput {...text('name_code')} styles={inputWidth('12rem')} />
          <NativeSelect {...select('institution_type', typeOptions)} styles={inputWidth('24rem')} />
          <NativeSelect {...select('region', REGIONS)} styles={inputWidth('24rem')} />
          <Group justify="space-between" mt="sm" gap="sm">
            <div>{secondaryAction}</div>
            <Group gap="sm">
              <Button component={Link} to={cancelTo} variant="default">
                {INSTITUTION_UI.form.cancel}
              </Button>
              <Button type="submit" loading={saving}>
                {submitLabel}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {guard.dialog}
    </Stack>
  );
}
