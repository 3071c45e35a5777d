import { Alert, Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TERMS } from '../../../../shared/constants.ts';
import { placementRate, type CountField, type MoneyField } from '../../../../shared/record-rules.ts';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { notify } from '../../../lib/notifications.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorSummary, type SummaryItem } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER, RequiredLabel, inputWidth } from '../../../ui/field-label.tsx';
import { serverFormErrors, summaryItems, type FieldErrors } from '../../../ui/form-errors.ts';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes.tsx';
import { duplicateRecordId } from '../api/create-record.ts';
import { useRecordMedians } from '../api/get-record-medians.ts';
import { staleSaveCurrent } from '../api/update-record.ts';
import { conflictFields, defaultChoices, mergeChoices, type ConflictChoice, type ConflictField } from '../lib/conflict.ts';
import { outlierWarnings } from '../lib/outlier-check.ts';
import {
  RECORD_FORM_FIELD_NAMES,
  RECORD_FORM_FIELDS,
  fieldId,
  fiscalYearOptions,
  recordToFormValues,
  sameFormValues,
  tidyMoney,
  validateRecordForm,
  type RecordFormField,
  type RecordFormValues,
  type RecordStatus,
} from '../lib/record-form-model.ts';
import { FIGURE_SECTIONS } from '../lib/sections.ts';
import { formatPlacementRate, splitStatus } from '../lib/sums.ts';
import { RECORD_UI } from '../messages.ts';
import { ConflictPanel } from './conflict-panel.tsx';
import { CountInput, MoneyInput } from './figure-inputs.tsx';
import { SumIndicator } from './sum-indicator.tsx';

const K = RECORD_UI.keys;
const A = RECORD_UI.actions;

/** What a successful save leads to: another page, or the form showing the record as saved. */
export type RecordSaveResult = { navigateTo: string } | { saved: RecordWire };

export interface RecordPickers {
  institutions: readonly { value: string; label: string }[];
  programs: readonly { id: number; name: string; institution_id: number }[];
}

export interface RecordFormProps {
  initialValues: RecordFormValues;
  /** Editing: the record as loaded (its version is sent with the save; a stale save is compared with it). */
  record?: RecordWire;
  /** Adding: the institutions and active programs the person may choose from. */
  pickers?: RecordPickers;
  /** Saves the values with a status, against `base` when editing; throws (an ApiError) when the save fails. */
  onSave: (values: RecordFormValues, status: RecordStatus, base: RecordWire | undefined) => Promise<RecordSaveResult>;
  /** Where Cancel goes; it asks first when something has been typed. */
  cancelTo: string;
  /** Editing: told of the record as now saved when a save was stale (the page shows its version and history). */
  onStale?: (current: RecordWire) => void;
  /** Who saved the newer version, in words, once known. */
  savedBy?: string;
}

interface Conflict {
  current: RecordWire;
  fields: ConflictField[];
  choices: Record<string, ConflictChoice>;
  status: RecordStatus;
}

/**
 * The record form for adding and editing. The shared rules check it before sending, and the running totals beside each
 * split say at once whether it adds up. A failed save keeps everything typed: field errors go beside their fields, a
 * duplicate links to the existing record, and a stale save shows the other person's values beside these ones.
 */
export function RecordForm({ initialValues, record, pickers, onSave, cancelTo, onStale, savedBy }: RecordFormProps) {
  const navigate = useNavigate();
  const editing = record !== undefined;
  const [values, setValues] = useState(initialValues);
  const [savedValues, setSavedValues] = useState(initialValues);
  const [base, setBase] = useState(record);
  const [attempted, setAttempted] = useState<RecordStatus | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [duplicateId, setDuplicateId] = useState<number | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [confirmingOutliers, setConfirmingOutliers] = useState<RecordStatus | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !sameFormValues(values, savedValues);
  const guard = useUnsavedChangesGuard(dirty);

  const medians = useRecordMedians({
    programId: Number(values.program_id),
    fiscalYear: values.fiscal_year,
    term: values.term,
  });
  const warnings = useMemo(() => outlierWarnings(values, medians.data), [values, medians.data]);
  // Once a save has been tried, errors follow the typing: fixed ones go at once.
  const clientErrors = useMemo(() => (attempted ? validateRecordForm(values, attempted) : {}), [values, attempted]);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };

  const setField = <F extends RecordFormField>(field: F, value: RecordFormValues[F]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === 'institution_id') next.program_id = '';
      return next;
    });
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
    if (field === 'fiscal_year' || field === 'term' || field === 'program_id') setDuplicateId(null);
  };

  /** Sends the values; on failure keeps them and says what went wrong where it went wrong. */
  async function save(status: RecordStatus, toSave: RecordFormValues, against: RecordWire | undefined) {
    setSaving(true);
    try {
      const result = await onSave(toSave, status, against);
      setSummary([]);
      setServerErrors({});
      setAttempted(null);
      setConflict(null);
      if ('navigateTo' in result) {
        guard.allowNavigation();
        void navigate(result.navigateTo);
      } else {
        const saved = recordToFormValues(result.saved);
        setValues(saved);
        setSavedValues(saved);
        setBase(result.saved);
      }
    } catch (error) {
      const current = staleSaveCurrent(error);
      if (current && against) {
        const fields = conflictFields(toSave, against, current);
        setConflict({ current, fields, choices: defaultChoices(fields), status });
        setSummary([]);
        onStale?.(current);
        return;
      }
      const existing = duplicateRecordId(error);
      setDuplicateId(existing);
      const { fields, other } = serverFormErrors(error, RECORD_FORM_FIELD_NAMES);
      setServerErrors(fields);
      setSummary(existing === null ? summaryItems(fields, RECORD_FORM_FIELDS, other) : []);
      notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  }

  /** Checks with the shared rules, asks about outliers, then saves. */
  function attempt(status: RecordStatus, confirmed = false) {
    setAttempted(status);
    setDuplicateId(null);
    const found = validateRecordForm(values, status);
    if (Object.keys(found).length > 0) {
      setSummary(summaryItems({ ...serverErrors, ...found }, RECORD_FORM_FIELDS));
      return;
    }
    if (editing && !dirty && base?.status === status) {
      setSummary([]);
      notify({ level: 'info', message: RECORD_UI.toast.noChanges });
      return;
    }
    if (!confirmed && Object.keys(warnings).length > 0) {
      setConfirmingOutliers(status);
      return;
    }
    void save(status, values, base);
  }

  function saveConflict() {
    if (!conflict) return;
    const merged = mergeChoices(values, conflict.current, conflict.fields, conflict.choices);
    setValues(merged);
    setBase(conflict.current);
    const found = validateRecordForm(merged, conflict.status);
    if (Object.keys(found).length > 0) {
      // The mix of both people's values breaks a rule: the form shows where, and saves against the newer version next.
      setConflict(null);
      setAttempted(conflict.status);
      setSummary(summaryItems(found, RECORD_FORM_FIELDS));
      return;
    }
    void save(conflict.status, merged, conflict.current);
  }

  const currentStatus = base?.status ?? 'draft';
  const primaryLabel = editing && currentStatus === 'submitted' ? A.saveSubmitted : A.submit;
  const draftLabel = editing ? (currentStatus === 'submitted' ? A.returnToDraft : A.saveDraftEdit) : A.saveDraft;

  const yearOptions = useMemo(() => {
    const years = fiscalYearOptions(new Date());
    if (values.fiscal_year && !years.includes(values.fiscal_year)) years.push(values.fiscal_year);
    return years.sort().reverse();
  }, [values.fiscal_year]);

  const programs = useMemo(
    () =>
      (pickers?.programs ?? [])
        .filter((p) => String(p.institution_id) === values.institution_id)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [pickers, values.institution_id],
  );

  const select = (
    field: 'institution_id' | 'program_id' | 'fiscal_year' | 'term',
    label: string,
    hint: string,
    placeholder: string,
    options: readonly (string | { value: string; label: string })[],
  ) => ({
    id: fieldId(field),
    label: <RequiredLabel>{label}</RequiredLabel>,
    description: hint,
    inputWrapperOrder: FIELD_ORDER,
    required: true,
    withAsterisk: false,
    value: values[field],
    data: [{ value: '', label: placeholder }, ...options],
    error: errors[field],
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => setField(field, event.currentTarget.value),
  });

  const rate = formatPlacementRate(placementRate(values));

  return (
    <Stack gap="lg" maw="60rem">
      <ErrorSummary items={summary} />
      {duplicateId !== null ? (
        <Alert
          color="red"
          variant="outline"
          icon={<IconCopy aria-hidden="true" />}
          role="alert"
          data-testid="duplicate-record"
          title={
            <Text fw={700} c="red.9">
              {RECORD_UI.duplicate.title}
            </Text>
          }
        >
          <Anchor component={Link} to={`/records/${duplicateId}`} fw={600}>
            {RECORD_UI.duplicate.open}
          </Anchor>
        </Alert>
      ) : null}
      {conflict ? (
        <ConflictPanel
          current={conflict.current}
          fields={conflict.fields}
          choices={conflict.choices}
          onChoose={(field, choice) => setConflict((c) => (c ? { ...c, choices: { ...c.choices, [field]: choice } } : c))}
          onChooseAll={(choice) =>
            setConflict((c) => (c ? { ...c, choices: Object.fromEntries(c.fields.map((f) => [f.field, choice])) } : c))
          }
          onSave={saveConflict}
          saving={saving}
          savedBy={savedBy ?? RECORD_UI.conflict.someone}
        />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          attempt('submitted');
        }}
        data-testid="record-form"
      >
        <Stack gap="lg">
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Title order={2} fz="h3">
                {K.title}
              </Title>
              {pickers ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <NativeSelect
                    {...select(
                      'institution_id',
                      K.institution,
                      K.institutionHint,
                      RECORD_UI.choose.institution,
                      pickers.institutions,
                    )}
                  />
                  <NativeSelect
                    {...select(
                      'program_id',
                      K.program,
                      values.institution_id && programs.length === 0 ? K.noPrograms : K.programHint,
                      values.institution_id ? RECORD_UI.choose.program : K.programFirst,
                      programs.map((p) => ({ value: String(p.id), label: p.name })),
                    )}
                    disabled={!values.institution_id}
                  />
                </SimpleGrid>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <NativeSelect
                  {...select('fiscal_year', K.fiscalYear, K.fiscalYearHint, RECORD_UI.choose.fiscalYear, yearOptions)}
                  styles={inputWidth('14rem')}
                />
                <NativeSelect
                  {...select('term', K.term, K.termHint, RECORD_UI.choose.term, TERMS)}
                  styles={inputWidth('14rem')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>

          {FIGURE_SECTIONS.map((section) => {
            const status = section.split ? splitStatus(values, section.split) : null;
            return (
              <Paper
                key={section.key}
                withBorder
                p="lg"
                radius="md"
                component="section"
                aria-labelledby={`section-${section.key}`}
                style={{ minInlineSize: 0 }}
              >
                <Stack gap="md">
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <div>
                      <Title order={2} fz="h3" id={`section-${section.key}`}>
                        {section.title}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {section.hint}
                      </Text>
                    </div>
                    {status ? <SumIndicator status={status} title={section.title} /> : null}
                  </Group>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
                    {section.fields.map((field) =>
                      section.money ? (
                        <MoneyInput
                          key={field}
                          field={field as MoneyField}
                          description={RECORD_UI.money[field as MoneyField]}
                          value={values[field as MoneyField]}
                          onChange={(v) => setField(field as MoneyField, v)}
                          onBlur={() =>
                            setField(field as MoneyField, tidyMoney(field as MoneyField, values[field as MoneyField]))
                          }
                          error={errors[field]}
                          warning={warnings[field]}
                        />
                      ) : (
                        <CountInput
                          key={field}
                          field={field as CountField}
                          value={values[field as CountField]}
                          onChange={(v) => setField(field as CountField, v)}
                          error={errors[field]}
                          warning={warnings[field]}
                        />
                      ),
                    )}
                    {section.key === 'participation' ? (
                      <div>
                        <Text component="div" fw={500} size="sm" id="placement-rate-label">
                          {RECORD_UI.placementRate}
                        </Text>
                        <Text component="div" size="xs" c="dimmed">
                          {RECORD_UI.placementRateHint}
                        </Text>
                        <Text
                          component="output"
                          aria-labelledby="placement-rate-label"
                          fw={700}
                          fz="xl"
                          mt={4}
                          display="block"
                          data-testid="placement-rate"
                          style={{ fontVariantNumeric: 'tabular-nums' }}
                        >
                          {rate ?? (
                            <Text span size="sm" c="dimmed" fw={400}>
                              {RECORD_UI.placementRateNone}
                            </Text>
                          )}
                        </Text>
                      </div>
                    ) : null}
                  </SimpleGrid>
                </Stack>
              </Paper>
            );
          })}

          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Textarea
                styles={{ label: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700, marginBottom: 4 } }}
                id={fieldId('notes')}
                label={RECORD_UI.sections.notes.title}
                description={RECORD_UI.sections.notes.hint}
                inputWrapperOrder={FIELD_ORDER}
                autosize
                minRows={3}
                value={values.notes}
                onChange={(event) => setField('notes', event.currentTarget.value)}
                error={errors.notes}
              />
            </Stack>
          </Paper>

          <Stack gap={4} align="flex-end">
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={cancelTo} variant="default">
                {A.cancel}
              </Button>
              <Button
                variant="outline"
                onClick={() => attempt('draft')}
                loading={saving && attempted === 'draft'}
                disabled={saving}
              >
                {draftLabel}
              </Button>
              <Button type="submit" loading={saving && attempted === 'submitted'} disabled={saving}>
                {primaryLabel}
              </Button>
            </Group>
            <Text size="xs" c="dimmed" ta="right">
              {A.draftHint} {A.submitHint}
            </Text>
          </Stack>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirmingOutliers !== null}
        title={RECORD_UI.outlier.title}
        confirmLabel={RECORD_UI.outlier.confirm}
        cancelLabel={RECORD_UI.outlier.cancel}
        onConfirm={() => {
          const status = confirmingOutliers;
          setConfirmingOutliers(null);
          if (status) attempt(status, true);
        }}
        onCancel={() => setConfirmingOutliers(null)}
      >
        <Stack gap="xs">
          <Text>{RECORD_UI.outlier.body}</Text>
          <ul>
            {Object.entries(warnings).map(([field, message]) => (
              <li key={field}>
                <Text size="sm">{message}</Text>
              </li>
            ))}
          </ul>
        </Stack>
      </ConfirmDialog>
      {guard.dialog}
    </Stack>
  );
}
