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
  type ComboboxData,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CREDENTIALS, DISCIPLINES, RECORD_STATUSES, TERMS, WIL_TYPES } from '../../../../shared/constants.ts';
import type { RecordCriteria } from '../../../../shared/find-criteria-url.ts';
import type { Privileges } from '../../../../shared/schemas/profile.ts';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER, OptionalLabel } from '../../../ui/field-label.tsx';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import type { FindFormValues } from '../lib/find-form.ts';
import { institutionChoices, programChoices, type InstitutionLike, type ProgramLike } from '../lib/record-choices.ts';
import { fiscalYearChoices } from '../lib/record-format.ts';
import { FIND_IDS, useFindForm, type FindForm } from './use-find-form.ts';

const T = RECORD_BROWSE_UI.find;
const words = { inactive: (label: string) => `${label} (inactive)` };

const Optional = ({ children }: { children: string }) => <OptionalLabel word={T.optional}>{children}</OptionalLabel>;

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
  /** The submit button's words, when the form is not a search (Export Records counts the matching records). */
  submitLabel?: string;
}

function YearSelect({
  find,
  years,
  field,
  label,
}: {
  find: FindForm;
  years: readonly string[];
  field: 'fiscalYearFrom' | 'fiscalYearTo';
  label: string;
}) {
  return (
    <NativeSelect
      id={FIND_IDS[field]}
      label={<Optional>{label}</Optional>}
      inputWrapperOrder={FIELD_ORDER}
      value={find.values[field]}
      data={[{ value: '', label: T.anyYear }, ...years]}
      error={find.errors[field]}
      onChange={(event) => find.setField(field, event.currentTarget.value)}
    />
  );
}

function PlacedInput({ find, field, label }: { find: FindForm; field: 'placedMin' | 'placedMax'; label: string }) {
  return (
    <TextInput
      id={FIND_IDS[field]}
      label={<Optional>{label}</Optional>}
      description={T.placedHint}
      inputWrapperOrder={FIELD_ORDER}
      inputMode="numeric"
      autoComplete="off"
      value={find.values[field]}
      error={find.errors[field]}
      onChange={(event) => find.setField(field, event.currentTarget.value)}
    />
  );
}

/** Which institutions and programs. */
function WhoSection({
  find,
  institutionOptions,
  programOptions,
}: {
  find: FindForm;
  institutionOptions: ComboboxData;
  programOptions: ComboboxData;
}) {
  return (
    <Section title={T.whoTitle}>
      <MultiSelect
        {...find.multi('institutionIds')}
        label={<Optional>{T.institutions}</Optional>}
        description={T.institutionsHint}
        data={institutionOptions}
        onChange={find.chooseInstitutions}
      />
      <MultiSelect
        {...find.multi('programIds')}
        label={<Optional>{T.programs}</Optional>}
        description={T.programsHint}
        placeholder={find.values.programIds.length === 0 ? T.programsPlaceholder : undefined}
        data={programOptions}
        limit={200}
      />
      <TextInput
        id={FIND_IDS.programName}
        label={<Optional>{T.programName}</Optional>}
        description={T.programNameHint}
        inputWrapperOrder={FIELD_ORDER}
        autoComplete="off"
        maw="28rem"
        value={find.values.programName}
        error={find.errors.programName}
        onChange={(event) => find.setField('programName', event.currentTarget.value)}
      />
    </Section>
  );
}

/** Which fiscal years and terms. */
function WhenSection({ find, years }: { find: FindForm; years: readonly string[] }) {
  return (
    <Section title={T.whenTitle} hint={T.fiscalYearHint}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw="36rem">
        <YearSelect find={find} years={years} field="fiscalYearFrom" label={T.fiscalYearFrom} />
        <YearSelect find={find} years={years} field="fiscalYearTo" label={T.fiscalYearTo} />
      </SimpleGrid>
      <Checkbox.Group
        label={<Optional>{T.terms}</Optional>}
        description={T.termsHint}
        inputWrapperOrder={FIELD_ORDER}
        value={find.values.terms}
        onChange={(value) => find.setField('terms', value)}
        error={find.errors.terms}
      >
        <Group gap="lg" mt="xs">
          {TERMS.map((term, index) => (
            <Checkbox key={term} value={term} label={term} id={index === 0 ? FIND_IDS.terms : `${FIND_IDS.terms}-${index}`} />
          ))}
        </Group>
      </Checkbox.Group>
    </Section>
  );
}

/** Which kinds of program. */
function WhatSection({ find }: { find: FindForm }) {
  return (
    <Section title={T.whatTitle}>
      <MultiSelect {...find.multi('disciplines')} label={<Optional>{T.disciplines}</Optional>} data={[...DISCIPLINES]} />
      <MultiSelect {...find.multi('wilTypes')} label={<Optional>{T.wilTypes}</Optional>} data={[...WIL_TYPES]} />
      <MultiSelect {...find.multi('credentials')} label={<Optional>{T.credentials}</Optional>} data={[...CREDENTIALS]} />
    </Section>
  );
}

/** Which status, and how many placed. */
function FiguresSection({ find }: { find: FindForm }) {
  return (
    <Section title={T.figuresTitle}>
      <Radio.Group
        label={T.status}
        inputWrapperOrder={FIELD_ORDER}
        value={find.values.status}
        onChange={(value) => find.setField('status', value)}
        error={find.errors.status}
        name="status"
      >
        <Group gap="lg" mt="xs">
          {(['', ...RECORD_STATUSES] as const).map((status, index) => (
            <Radio
              key={status || 'any'}
              value={status}
              id={index === 0 ? FIND_IDS.status : `${FIND_IDS.status}-${index}`}
              label={status ? (RECORD_BROWSE_UI.status[status] ?? status) : T.statusAny}
            />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw="36rem">
        <PlacedInput find={find} field="placedMin" label={T.placedMin} />
        <PlacedInput find={find} field="placedMax" label={T.placedMax} />
      </SimpleGrid>
    </Section>
  );
}

/**
 * The find form: every criterion optional, checked with the API's find rules before searching; on failure the summary
 * at the top links to each field and the message sits beside it. Programs follow the chosen institutions.
 */
export function FindCriteriaForm({
  initialValues,
  institutions,
  programs,
  privileges,
  onSearch,
  notice,
  submitLabel = T.submit,
}: FindCriteriaFormProps) {
  const find = useFindForm({ initialValues, programs, onSearch });
  const institutionOptions = useMemo(() => institutionChoices(institutions, privileges, words), [institutions, privileges]);
  const chosenInstitutions = useMemo(() => find.values.institutionIds.map(Number), [find.values.institutionIds]);
  const programOptions = useMemo(
    () => programChoices(programs, institutions, privileges, chosenInstitutions, words),
    [programs, institutions, privileges, chosenInstitutions],
  );
  const years = useMemo(
    () => fiscalYearChoices(new Date(), [initialValues.fiscalYearFrom, initialValues.fiscalYearTo]),
    [initialValues.fiscalYearFrom, initialValues.fiscalYearTo],
  );

  return (
    <Stack gap="md" maw="56rem">
      <ErrorSummary items={find.summary} />
      {notice}
      <Paper
        component="form"
        withBorder
        p="lg"
        radius="md"
        noValidate
        onSubmit={find.submit}
        aria-label={T.formTitle}
        data-testid="find-form"
      >
        <Stack gap="xl">
          <WhoSection find={find} institutionOptions={institutionOptions} programOptions={programOptions} />
          <WhenSection find={find} years={years} />
          <WhatSection find={find} />
          <FiguresSection find={find} />

          <Group justify="space-between" gap="sm">
            <Button component={Link} to="/records" variant="subtle">
              {T.cancel}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={find.clear}>
                {T.clear}
              </Button>
              <Button type="submit" leftSection={<IconSearch size={18} aria-hidden="true" />}>
                {submitLabel}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
