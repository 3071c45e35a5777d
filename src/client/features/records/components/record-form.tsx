import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useMemo, useRef, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { TERMS } from '../../../../shared/constants.ts';
import { placementRate, type CountField, type MoneyField } from '../../../../shared/record-rules.ts';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER, RequiredLabel, inputWidth } from '../../../ui/field-label.tsx';
import type { FieldErrors } from '../../../ui/form-errors.ts';
import { useExistingRecord } from '../api/get-existing-record.ts';
import { useRecordMedians } from '../api/get-record-medians.ts';
import { outlierFindings, outlierWarnings, type OutlierFinding } from '../lib/outlier-check.ts';
import {
  fieldId,
  fiscalYearOptions,
  tidyMoney,
  type RecordFormField,
  type RecordFormValues,
  type RecordStatus,
} from '../lib/record-form-model.ts';
import { FIGURE_SECTIONS } from '../lib/sections.ts';
import { formatPlacementRate, splitStatus } from '../lib/sums.ts';
import { RECORD_UI } from '../messages.ts';
import { ConflictPanel } from './conflict-panel.tsx';
import { ReturnLockNotice, useReturnLock } from './return-lock-notice.tsx';
import { CountInput, MoneyInput, readOnlyField } from './figure-inputs.tsx';
import { SumIndicator } from './sum-indicator.tsx';
import { useRecordSave, type RecordSaveResult } from './use-record-save.ts';
import { FocusedAlert } from '../../../ui/focused-alert.tsx';

export type { RecordSaveResult };

const K = RECORD_UI.keys;
const A = RECORD_UI.actions;

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

type SetField = <F extends RecordFormField>(field: F, value: RecordFormValues[F]) => void;

interface FieldsProps {
  values: RecordFormValues;
  errors: FieldErrors;
  setField: SetField;
  /** The return is locked: every field is shown read-only. */
  readOnly: boolean;
}

/** Which record this is: institution and program (adding), fiscal year and term. */
function RecordKeyFields({
  values,
  errors,
  setField,
  pickers,
  existingId,
  readOnly,
}: FieldsProps & { pickers: RecordPickers | undefined; existingId: number | null }) {
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
    onChange: (event: ChangeEvent<HTMLSelectElement>) => setField(field, event.currentTarget.value),
  });
  // A select cannot be read-only (only disabled, which leaves the tab order): a locked record's year and term are shown
  // as read-only text fields, with the same id, label and hint.
  const shown = (field: 'fiscal_year' | 'term', label: string, hint: string) => (
    <TextInput
      id={fieldId(field)}
      label={label}
      description={hint}
      inputWrapperOrder={FIELD_ORDER}
      value={values[field]}
      {...readOnlyField(true)}
      styles={inputWidth('14rem')}
    />
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {K.title}
        </Title>
        {pickers ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <NativeSelect
              {...select('institution_id', K.institution, K.institutionHint, RECORD_UI.choose.institution, pickers.institutions)}
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
        {readOnly ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {shown('fiscal_year', K.fiscalYear, K.fiscalYearHint)}
            {shown('term', K.term, K.termHint)}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <NativeSelect
              {...select('fiscal_year', K.fiscalYear, K.fiscalYearHint, RECORD_UI.choose.fiscalYear, yearOptions)}
              styles={inputWidth('14rem')}
            />
            <NativeSelect {...select('term', K.term, K.termHint, RECORD_UI.choose.term, TERMS)} styles={inputWidth('14rem')} />
          </SimpleGrid>
        )}
        {/* Said as soon as the program, year and term are chosen, beside them, before any figure is typed. */}
        <div aria-live="polite">{existingId !== null ? <ExistingRecordNotice id={existingId} /> : null}</div>
      </Stack>
    </Paper>
  );
}

/** The placement rate, worked out from the participation counts as they are typed. */
function PlacementRate({ values }: { values: RecordFormValues }) {
  const rate = formatPlacementRate(placementRate(values));
  return (
    <div>
      <Text component="div" fw={500} size="sm" id="placement-rate-label">
        {RECORD_UI.placementRate}
      </Text>
      <Text component="div" size="xs" c="dimmed">
        {RECORD_UI.placementRateHint}
      </Text>
      {/* The sentence in place of a rate is set at its own size and line height, not the figure's. */}
      <Text
        component="output"
        aria-labelledby="placement-rate-label"
        fw={rate ? 700 : 400}
        fz={rate ? 'xl' : 'sm'}
        c={rate ? undefined : 'dimmed'}
        mt={4}
        display="block"
        data-testid="placement-rate"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {rate ?? RECORD_UI.placementRateNone}
      </Text>
    </div>
  );
}

/** The figures, section by section, each split with its running total. */
function FigureSections({ values, errors, setField, readOnly, warnings }: FieldsProps & { warnings: Record<string, string> }) {
  return (
    <>
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
                      onBlur={() => setField(field as MoneyField, tidyMoney(field as MoneyField, values[field as MoneyField]))}
                      error={errors[field]}
                      warning={warnings[field]}
                      readOnly={readOnly}
                    />
                  ) : (
                    <CountInput
                      key={field}
                      field={field as CountField}
                      value={values[field as CountField]}
                      onChange={(v) => setField(field as CountField, v)}
                      error={errors[field]}
                      warning={warnings[field]}
                      readOnly={readOnly}
                    />
                  ),
                )}
                {section.key === 'participation' ? <PlacementRate values={values} /> : null}
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
    </>
  );
}

/** Beside the key fields: the program already has a record for the chosen year and term, and a link to it. */
function ExistingRecordNotice({ id }: { id: number }) {
  return (
    <Alert color="orange" variant="light" icon={<IconCopy aria-hidden="true" />} data-testid="existing-record">
      <Text fw={700} c="dark.9">
        {RECORD_UI.duplicate.title}
      </Text>
      <Anchor component={Link} to={`/records/${id}`} fw={600}>
        {RECORD_UI.duplicate.open}
      </Anchor>
    </Alert>
  );
}

/** A save refused because the record exists: a link to it, focused (and so scrolled to) when it appears. */
function DuplicateAlert({ id }: { id: number }) {
  return (
    <FocusedAlert
      focusKey={id}
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
      <Anchor component={Link} to={`/records/${id}`} fw={600}>
        {RECORD_UI.duplicate.open}
      </Anchor>
    </FocusedAlert>
  );
}

function NotesField({ values, errors, setField, readOnly }: FieldsProps) {
  return (
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
          {...readOnlyField(readOnly)}
          error={errors.notes}
        />
      </Stack>
    </Paper>
  );
}

interface ActionsProps {
  cancelTo: string;
  saving: boolean;
  attempted: RecordStatus | null;
  /** The record's status as saved; null when adding. */
  savedStatus: RecordStatus | null;
  /** The term's return is signed off or approved: nothing can be saved. */
  locked: boolean;
  onDraft: () => void;
}

/** Cancel, save as draft (or return to draft), submit (or save the submitted record). */
function FormActions({ cancelTo, saving, attempted, savedStatus, locked, onDraft }: ActionsProps) {
  if (locked) {
    // Read-only: nothing to save or cancel, so no save buttons (a disabled button says neither why nor what to do).
    return (
      <Stack gap={4} align="flex-end" className="no-print">
        <Button component={Link} to={cancelTo} variant="default">
          {A.close}
        </Button>
        <Text size="sm" fw={600} ta="right" data-testid="saving-off">
          {RECORD_UI.locked.savingOff}
        </Text>
      </Stack>
    );
  }
  const primaryLabel = savedStatus === 'submitted' ? A.saveSubmitted : A.submit;
  const draftLabel = savedStatus === null ? A.saveDraft : savedStatus === 'submitted' ? A.returnToDraft : A.saveDraftEdit;
  return (
    <Stack gap={4} align="flex-end" className="no-print">
      <Group justify="flex-end" gap="sm">
        <Button component={Link} to={cancelTo} variant="default">
          {A.cancel}
        </Button>
        <Button variant="outline" onClick={onDraft} loading={saving && attempted === 'draft'} disabled={saving}>
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
  );
}

/**
 * The question before saving figures far from the program's history, most serious first. "Check the figures" takes
 * the person to the first of them (not back to the Submit button that opened the question).
 */
function OutlierDialog({
  opened,
  findings,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  findings: readonly OutlierFinding[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  // Set by "Check the figures" and read once the dialog has gone: focus would otherwise return to Submit.
  const checkField = useRef<string | null>(null);
  return (
    <ConfirmDialog
      opened={opened}
      title={RECORD_UI.outlier.title}
      confirmLabel={RECORD_UI.outlier.confirm}
      cancelLabel={RECORD_UI.outlier.cancel}
      onConfirm={onConfirm}
      onCancel={() => {
        checkField.current = findings[0] ? fieldId(findings[0].field) : null;
        onCancel();
      }}
      onClosed={() => {
        const field = checkField.current ? document.getElementById(checkField.current) : null;
        checkField.current = null;
        if (!field) return;
        field.focus();
        field.scrollIntoView({ block: 'center' });
      }}
    >
      <Stack gap="xs">
        <Text>{RECORD_UI.outlier.body}</Text>
        {/* A long list scrolls inside the dialog, so its buttons stay on a phone's screen; focusable, so a keyboard
            can scroll it too. */}
        <Box
          role="region"
          aria-label={RECORD_UI.outlier.listLabel}
          tabIndex={0}
          mah="40dvh"
          style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
          data-testid="outlier-findings"
        >
          <Stack component="ol" gap="xs" m={0} ps="lg">
            {findings.map((finding) => (
              <Text component="li" size="sm" key={finding.field} style={{ overflowWrap: 'anywhere' }}>
                {finding.message}
              </Text>
            ))}
          </Stack>
        </Box>
      </Stack>
    </ConfirmDialog>
  );
}

/**
 * The record form for adding and editing. The shared rules check it before sending, and the running totals beside each
 * split say at once whether it adds up. A failed save keeps everything typed: field errors go beside their fields, a
 * duplicate links to the existing record, and a stale save shows the other person's values beside these ones.
 */
export function RecordForm({ initialValues, record, pickers, onSave, cancelTo, onStale, savedBy }: RecordFormProps) {
  const flow = useRecordSave({ initialValues, record, onSave, onStale });
  const { state, errors, setField } = flow;
  const { values, conflict } = state;

  const medians = useRecordMedians({
    programId: Number(values.program_id),
    fiscalYear: values.fiscal_year,
    term: values.term,
  });
  const findings = useMemo(
    () => outlierFindings(values, medians.data, state.savedValues),
    [values, medians.data, state.savedValues],
  );
  const warnings = useMemo(() => outlierWarnings(findings), [findings]);
  const hasWarnings = findings.length > 0;
  const lock = useReturnLock(values, record);
  // Locked: every figure is read-only; the year and term too when the record as loaded is in the locked return.
  const fields = { values, errors, setField, readOnly: lock !== null };
  const existingId = useExistingRecord(values, pickers !== undefined);

  return (
    <Stack gap="lg" maw="60rem">
      {lock ? <ReturnLockNotice notice={lock.notice} /> : null}
      <ErrorSummary items={state.summary} focusKey={state.summaryAttempt} />
      {state.duplicateId !== null ? <DuplicateAlert id={state.duplicateId} /> : null}
      {conflict ? (
        <ConflictPanel
          current={conflict.current}
          fields={conflict.fields}
          choices={conflict.choices}
          onChoose={flow.choose}
          onChooseAll={flow.chooseAll}
          onSave={flow.saveConflict}
          saving={state.saving}
          savedBy={savedBy ?? RECORD_UI.conflict.someone}
        />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!lock) flow.attempt('submitted', hasWarnings);
        }}
        data-testid="record-form"
      >
        <Stack gap="lg">
          <RecordKeyFields {...fields} readOnly={lock?.ofRecord === true} pickers={pickers} existingId={existingId} />
          {/* Nothing on a locked record can be saved, so a question about its figures would only be noise. */}
          <FigureSections {...fields} warnings={lock ? {} : warnings} />
          <NotesField {...fields} />
          <FormActions
            cancelTo={cancelTo}
            saving={state.saving}
            attempted={state.attempted}
            savedStatus={flow.editing ? (state.base?.status ?? 'draft') : null}
            locked={lock !== null}
            onDraft={() => flow.attempt('draft', hasWarnings)}
          />
        </Stack>
      </form>
      <OutlierDialog
        opened={state.confirmingOutliers !== null}
        findings={findings}
        onConfirm={() => {
          const status = state.confirmingOutliers;
          flow.closeOutliers();
          if (status) flow.attempt(status, hasWarnings, true);
        }}
        onCancel={flow.closeOutliers}
      />
      {flow.guard.dialog}
    </Stack>
  );
}
