import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { COOP_MODELS, CREDENTIALS, DISCIPLINES, PARTICIPATION, WIL_TYPES } from '../../../../shared/constants.ts';
import type { ProgramCreate } from '../../../../shared/schemas/program.ts';
import { notify } from '../../../lib/notifications.ts';
import { ErrorSummary, type SummaryItem } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER, RequiredLabel, inputWidth } from '../../../ui/field-label.tsx';
import { serverFormErrors, summaryItems } from '../../../ui/form-errors.ts';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes.tsx';
import {
  COOP,
  PROGRAM_FIELDS,
  PROGRAM_FIELD_NAMES,
  checkProgramForm,
  validateProgramForm,
  withWilType,
  type ProgramField,
  type ProgramFormValues,
} from '../lib/program-form.ts';
import { PROGRAM_UI } from '../messages.ts';

const F = PROGRAM_UI.fields;
const H = PROGRAM_UI.hints;
const ID = Object.fromEntries(PROGRAM_FIELDS.map((f) => [f.name, f.id])) as Record<ProgramField, string>;

/** What a successful save leads to: another page, or the form showing the saved values. */
export type ProgramSaveResult = { navigateTo: string } | { values: ProgramFormValues };

export interface InstitutionChoice {
  id: number;
  label: string;
}

export type InstitutionField =
  { kind: 'choose'; options: readonly InstitutionChoice[] } | { kind: 'fixed'; label: string; href: string };

export interface ProgramFormProps {
  initialValues: ProgramFormValues;
  /** On create, a choice among active institutions; on edit, the institution shown and not changeable. */
  institution: InstitutionField;
  submitLabel: string;
  /** Saves the checked body; throws (an ApiError) when the save fails. */
  onSave: (body: ProgramCreate) => Promise<ProgramSaveResult>;
  saving: boolean;
  cancelTo: string;
  requireChanges?: boolean;
  secondaryAction?: ReactNode;
}

function Optional({ children }: { children: string }) {
  return (
    <>
      {children}{' '}
      <Text span size="sm" fw={400}>
        {PROGRAM_UI.optional}
      </Text>
    </>
  );
}

/**
 * The valid-program form for adding and editing: checked with the shared schema before sending; the co-op model is
 * offered only for co-operative education (and cleared otherwise); on failure the summary at the top links to each
 * field, the server's field errors sit beside their fields, and what was typed stays.
 */
export function ProgramForm({
  initialValues,
  institution,
  submitLabel,
  onSave,
  saving,
  cancelTo,
  requireChanges = false,
  secondaryAction,
}: ProgramFormProps) {
  const navigate = useNavigate();
  const form = useForm<ProgramFormValues>({ mode: 'controlled', initialValues, validate: validateProgramForm });
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const guard = useUnsavedChangesGuard(form.isDirty());

  const submit = form.onSubmit(
    async (values) => {
      const check = checkProgramForm(values);
      if (!check.ok) return;
      if (requireChanges && !form.isDirty()) {
        setSummary([]);
        notify({ level: 'info', message: PROGRAM_UI.form.noChanges });
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
        const { fields, other } = serverFormErrors(error, PROGRAM_FIELD_NAMES);
        form.setErrors(fields);
        setSummary(summaryItems(fields, PROGRAM_FIELDS, other));
        notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    },
    (errors) => setSummary(summaryItems(errors, PROGRAM_FIELDS)),
  );

  const choose = (
    field: 'institution_id' | 'discipline' | 'credential' | 'wil_type',
    options: readonly (string | { value: string; label: string })[],
    onPick?: (value: string | null) => void,
  ) => ({
    id: ID[field],
    label: <RequiredLabel>{F[field]}</RequiredLabel>,
    description: H[field],
    inputWrapperOrder: FIELD_ORDER,
    size: 'md',
    required: true,
    withAsterisk: false,
    value: form.values[field] ?? '',
    data: [{ value: '', label: PROGRAM_UI.choose[field] }, ...options],
    error: form.errors[field],
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      const value = event.currentTarget.value || null;
      if (onPick) onPick(value);
      else form.setFieldValue(field, value);
      form.clearFieldError(field);
    },
  });

  const isCoop = form.values.wil_type === COOP;

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
        aria-labelledby="program-form-title"
        data-testid="program-form"
      >
        <Stack gap="lg">
          <Title order={2} fz="h3" id="program-form-title">
            {PROGRAM_UI.form.detailsTitle}
          </Title>

          {institution.kind === 'choose' ? (
            <NativeSelect
              {...choose(
                'institution_id',
                institution.options.map((o) => ({ value: String(o.id), label: o.label })),
              )}
            />
          ) : (
            <Stack gap={4}>
              <TextInput
                id={ID.institution_id}
                label={F.institution_id}
                description={H.institutionReadOnly}
                inputWrapperOrder={FIELD_ORDER}
                size="md"
                value={institution.label}
                readOnly
                variant="filled"
                error={form.errors.institution_id}
              />
              <Anchor component={Link} to={institution.href} size="sm">
                {PROGRAM_UI.form.institutionLink}
              </Anchor>
            </Stack>
          )}

          <TextInput
            id={ID.name}
            label={<RequiredLabel>{F.name}</RequiredLabel>}
            description={H.name}
            inputWrapperOrder={FIELD_ORDER}
            size="md"
            required
            withAsterisk={false}
            autoComplete="off"
            {...form.getInputProps('name')}
          />
          <NativeSelect {...choose('discipline', DISCIPLINES)} styles={inputWidth('26rem')} />
          <NativeSelect {...choose('credential', CREDENTIALS)} styles={inputWidth('26rem')} />
          <NativeSelect
            {...choose('wil_type', WIL_TYPES, (value) => {
              form.setValues(withWilType(form.getValues(), value));
              form.clearFieldError('coop_model');
            })}
            styles={inputWidth('26rem')}
          />
          {isCoop ? (
            <NativeSelect
              id={ID.coop_model}
              label={<Optional>{F.coop_model}</Optional>}
              description={H.coop_model}
              inputWrapperOrder={FIELD_ORDER}
              size="md"
              value={form.values.coop_model ?? ''}
              data={[{ value: '', label: PROGRAM_UI.choose.coop_model }, ...COOP_MODELS]}
              error={form.errors.coop_model}
              onChange={(event) => {
                form.setFieldValue('coop_model', event.currentTarget.value || null);
                form.clearFieldError('coop_model');
              }}
              styles={inputWidth('26rem')}
              data-testid="coop-model"
            />
          ) : null}

          <Radio.Group
            label={<RequiredLabel>{F.participation}</RequiredLabel>}
            description={H.participation}
            inputWrapperOrder={FIELD_ORDER}
            size="md"
            value={form.values.participation ?? ''}
            onChange={(value) => {
              form.setFieldValue('participation', value || null);
              form.clearFieldError('participation');
            }}
            error={form.errors.participation}
            name="participation"
          >
            <Group gap="lg" mt="xs">
              {PARTICIPATION.map((option, index) => (
                <Radio
                  key={option}
                  value={option}
                  label={option}
                  id={index === 0 ? ID.participation : `${ID.participation}-${index}`}
                  size="md"
                />
              ))}
            </Group>
          </Radio.Group>

          <Checkbox
            id={ID.accredited}
            label={F.accredited}
            description={H.accredited}
            size="md"
            {...form.getInputProps('accredited', { type: 'checkbox' })}
          />

          <TextInput
            id={ID.cip_code}
            label={<Optional>{F.cip_code}</Optional>}
            description={H.cip_code}
            inputWrapperOrder={FIELD_ORDER}
            size="md"
            autoComplete="off"
            inputMode="decimal"
            styles={inputWidth('10rem')}
            {...form.getInputProps('cip_code')}
          />

          <Group justify="space-between" mt="sm" gap="sm">
            <div>{secondaryAction}</div>
            <Group gap="sm">
              <Button component={Link} to={cancelTo} variant="default">
                {PROGRAM_UI.form.cancel}
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
