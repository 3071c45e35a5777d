import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  type MultiSelectProps,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CREDENTIALS, DISCIPLINES, RECORD_STATUSES, TERMS, WIL_TYPES } from '../../../../shared/constants.ts';
import type { RecordCriteria } from '../../../../shared/find-criteria-url.ts';
import type { Privileges } from '../../../../shared/schemas/profile.ts';
import { ErrorSummary, type SummaryItem } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER } from '../../../ui/field-label.tsx';
import { summaryItems } from '../../../ui/form-errors.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import {
  FIND_FORM_FIELDS,
  checkFindForm,
  emptyFindForm,
  validateFindForm,
  type FindFormField,
  type FindFormValues,
} from '../lib/find-form.ts';
import {
  institutionChoices,
  keepProgramsOf,
  programChoices,
  type InstitutionLike,
  type ProgramLike,
} from '../lib/record-choices.ts';
import { fiscalYearChoices } from '../lib/record-format.ts';

const T = RECORD_BROWSE_UI.find;
const ID = Object.fromEntries(FIND_FORM_FIELDS.map((f) => [f.name, f.id])) as Record<FindFormField, string>;
const words = { inactive: (label: string) => `${label} (inactive)` };

function Optional({ children }: { children: string }) {
  return (
    <>
      {children}{' '}
      <Text span size="sm" fw={400}>
        {T.optional}
      </Text>
    </>
  );
}

/** A titled group of fields: a fieldset, so screen readers hear the group's name with each field. */
function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" gap="md" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} fz="h4" component="legend" mb="xs">
        {title}
      </Title>
      {hint ? (
        <Text size="sm" mt={-8}>
          {hint}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}

export interface FindCriteriaFormProps {
  initialValues: FindFormValues;
  institutions: readonly InstitutionLike[];
  programs: readonly ProgramLike[];
  privileges: Privileges;
  /** Called with checked criteria; the page turns them into the results URL. */
  onSearch: (criteria: RecordCriteria) => void;
  /** Shown above the form (a URL whose search could be read only in part). */
  notice?: ReactNode;
}

/**
 * The find form: every criterion optional, checked with the API's find rules before searching; on failure the summary
 * at the top links to each field and the message sits beside it. Programs follow the chosen institutions.
 */
export function FindCriteriaForm({ initialValues, institutions, programs, privileges, onSearch, notice }: FindCriteriaFormProps) {
  const form = useForm<FindFormValues>({ mode: 'controlled', initialValues, validate: validateFindForm });
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const values = form.values;

  const institutionOptions = useMemo(() => institutionChoices(institutions, privileges, words), [institutions, privileges]);
  const chosenInstitutions = useMemo(() => values.institutionIds.map(Number), [values.institutionIds]);
  const programOptions = useMemo(
    () => programChoices(programs, institutions, privileges, chosenInstitutions, words),
    [programs, institutions, privileges, chosenInstitutions],
  );
  const years = useMemo(
    () => fiscalYearChoices(new Date(), [initialValues.fiscalYearFrom, initialValues.fiscalYearTo]),
    [initialValues.fiscalYearFrom, initialValues.fiscalYearTo],
  );

  const submit = form.onSubmit(
    (checked) => {
      const check = checkFindForm(checked);
      if (!check.ok) return;
      setSummary([]);
      onSearch(check.criteria);
    },
    (errors) => setSummary(summaryItems(errors, FIND_FORM_FIELDS)),
  );

  const setField = <K extends FindFormField>(field: K, value: FindFormValues[K]) => {
    form.setValues({ [field]: value } as Partial<FindFormValues>);
    form.clearFieldError(field);
  };

  const multi = (field: 'institutionIds' | 'programIds' | 'disciplines' | 'wilTypes' | 'credentials'): MultiSelectProps => ({
    id: ID[field],
    value: values[field],
    onChange: (value) => setField(field, value),
    error: form.errors[field],
    inputWrapperOrder: FIELD_ORDER,
    searchable: true,
    clearable: true,
    hidePickedOptions: true,
    placeholder: values[field].length === 0 ? T.anyPlaceholder : undefined,
    comboboxProps: { withinPortal: true },
    maxDropdownHeight: 280,
  });

  const yearSelect = (field: 'fiscalYearFrom' | 'fiscalYearTo', label: string) => (
    <NativeSelect
      id={ID[field]}
      label={<Optional>{label}</Optional>}
      inputWrapperOrder={FIELD_ORDER}
      value={values[field]}
      data={[{ value: '', label: T.anyYear }, ...years]}
      error={form.errors[field]}
      onChange={(event) => setField(field, event.currentTarget.value)}
    />
  );

  const numberInput = (field: 'placedMin' | 'placedMax', label: string) => (
    <TextInput
      id={ID[field]}
      label={<Optional>{label}</Optional>}
      description={T.placedHint}
      inputWrapperOrder={FIELD_ORDER}
      inputMode="numeric"
      autoComplete="off"
      value={values[field]}
      error={form.errors[field]}
      onChange={(event) => setField(field, event.currentTarget.value)}
    />
  );

  return (
    <Stack gap="md" maw="56rem">
      <ErrorSummary items={summary} />
      {notice}
      <Paper
        component="form"
        withBorder
        p="lg"
        radius="md"
        noValidate
        onSubmit={submit}
        aria-label={T.formTitle}
        data-testid="find-form"
      >
        <Stack gap="xl">
          <Section title={T.whoTitle}>
            <MultiSelect
              {...multi('institutionIds')}
              label={<Optional>{T.institutions}</Optional>}
              description={T.institutionsHint}
              data={institutionOptions}
              onChange={(value) => {
                const ids = value.map(Number);
                setField('institutionIds', value);
                form.setFieldValue('programIds', keepProgramsOf(values.programIds.map(Number), programs, ids).map(String));
              }}
            />
            <MultiSelect
              {...multi('programIds')}
              label={<Optional>{T.programs}</Optional>}
              description={T.programsHint}
              placeholder={values.programIds.length === 0 ? T.programsPlaceholder : undefined}
              data={programOptions}
              limit={200}
            />
            <TextInput
              id={ID.programName}
              label={<Optional>{T.programName}</Optional>}
              description={T.programNameHint}
              inputWrapperOrder={FIELD_ORDER}
              autoComplete="off"
              maw="28rem"
              value={values.programName}
              error={form.errors.programName}
              onChange={(event) => setField('programName', event.currentTarget.value)}
            />
          </Section>

          <Section title={T.whenTitle} hint={T.fiscalYearHint}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw="36rem">
              {yearSelect('fiscalYearFrom', T.fiscalYearFrom)}
              {yearSelect('fiscalYearTo', T.fiscalYearTo)}
            </SimpleGrid>
            <Checkbox.Group
              label={<Optional>{T.terms}</Optional>}
              description={T.termsHint}
              inputWrapperOrder={FIELD_ORDER}
              value={values.terms}
              onChange={(value) => setField('terms', value)}
              error={form.errors.terms}
            >
              <Group gap="lg" mt="xs">
                {TERMS.map((term, index) => (
                  <Checkbox key={term} value={term} label={term} id={index === 0 ? ID.terms : `${ID.terms}-${index}`} />
                ))}
              </Group>
            </Checkbox.Group>
          </Section>

          <Section title={T.whatTitle}>
            <MultiSelect {...multi('disciplines')} label={<Optional>{T.disciplines}</Optional>} data={[...DISCIPLINES]} />
            <MultiSelect {...multi('wilTypes')} label={<Optional>{T.wilTypes}</Optional>} data={[...WIL_TYPES]} />
            <MultiSelect {...multi('credentials')} label={<Optional>{T.credentials}</Optional>} data={[...CREDENTIALS]} />
          </Section>

          <Section title={T.figuresTitle}>
            <Radio.Group
              label={T.status}
              inputWrapperOrder={FIELD_ORDER}
              value={values.status}
              onChange={(value) => setField('status', value)}
              error={form.errors.status}
              name="status"
            >
              <Group gap="lg" mt="xs">
                {(['', ...RECORD_STATUSES] as const).map((status, index) => (
                  <Radio
                    key={status || 'any'}
                    value={status}
                    id={index === 0 ? ID.status : `${ID.status}-${index}`}
                    label={status ? (RECORD_BROWSE_UI.status[status] ?? status) : T.statusAny}
                  />
                ))}
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw="36rem">
              {numberInput('placedMin', T.placedMin)}
              {numberInput('placedMax', T.placedMax)}
            </SimpleGrid>
          </Section>

          <Group justify="space-between" gap="sm">
            <Button component={Link} to="/records" variant="subtle">
              {T.cancel}
            </Button>
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  form.setValues(emptyFindForm());
                  form.clearErrors();
                  setSummary([]);
                }}
              >
                {T.clear}
              </Button>
              <Button type="submit" leftSection={<IconSearch size={18} aria-hidden="true" />}>
                {T.submit}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
