import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { REPORT_TITLES } from '../../../../shared/app-routes.ts';
import { CREDENTIALS, DISCIPLINES, TERMS, WIL_TYPES, type Term } from '../../../../shared/constants.ts';
import { TEXT } from '../../../../shared/messages.ts';
import { REPORT_MENU_LABELS } from '../../../../shared/navigation.ts';
import { readableInstitutions } from '../../../../shared/permissions.ts';
import { REPORT_TYPES, type ReportType } from '../../../../shared/reports.ts';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER, RequiredLabel, inputWidth } from '../../../ui/field-label.tsx';
import { summaryItems } from '../../../ui/form-errors.ts';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { useProfile } from '../../session/index.ts';
import {
  defaultReportValues,
  fiscalYearChoices,
  reportResultHref,
  reportValuesFromSearch,
  validateReportValues,
  type ReportParamErrors,
  type ReportParamValues,
} from '../lib/report-params.ts';
import { REPORT_UI } from '../messages.ts';
import '../reports.css';

const T = REPORT_UI.params;

/** The fields in the order they appear, with the ids the error summary links to. */
const FIELDS = [
  { name: 'fiscalYearFrom', id: 'report-fiscal-year-from' },
  { name: 'fiscalYearTo', id: 'report-fiscal-year-to' },
  { name: 'terms', id: `report-term-${TERMS[0]}` },
] as const;

/** The institutions the person may read, to narrow the report to; said plainly when they could not be loaded. */
function InstitutionsField({ value, onChange }: { value: readonly number[]; onChange: (ids: number[]) => void }) {
  const { profile } = useProfile();
  const readable = readableInstitutions(profile.privileges);
  const institutions = useInstitutions();
  const institutionOptions = useMemo(
    () =>
      (institutions.data ?? [])
        .filter((i) => readable === 'all' || readable.includes(i.id))
        .sort((a, b) => a.name.localeCompare(b.name, 'en-CA'))
        .map((i) => ({ value: String(i.id), label: `${i.name} (${i.short_name})` })),
    [institutions.data, readable],
  );
  return (
    <>
      {institutions.isPending ? (
        <Stack gap={6} aria-hidden="true">
          <Skeleton height={16} width="30%" />
          <Skeleton height={40} />
        </Stack>
      ) : institutions.isError ? (
        <Text size="sm" data-testid="institutions-unavailable">
          {T.institutionsLoadFailed}
        </Text>
      ) : (
        <MultiSelect
          id="report-institutions"
          label={T.institutions}
          description={readable === 'all' ? T.institutionsHintAll : T.institutionsHintSome}
          inputWrapperOrder={FIELD_ORDER}
          size="md"
          data={institutionOptions}
          value={value.map(String)}
          onChange={(picked) => onChange(picked.map(Number))}
          placeholder={value.length === 0 ? T.institutionsPlaceholder : undefined}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={320}
        />
      )}
    </>
  );
}

/** The terms to count, in the order of the year. */
function TermsField({ value, error, onChange }: { value: Term[]; error: string | undefined; onChange: (terms: Term[]) => void }) {
  return (
    <Checkbox.Group
      label={<RequiredLabel>{T.terms}</RequiredLabel>}
      description={T.termsHint}
      inputWrapperOrder={FIELD_ORDER}
      size="md"
      value={value}
      onChange={(picked) => onChange(TERMS.filter((t) => picked.includes(t)) as Term[])}
      error={error}
    >
      <Group gap="lg" mt={6}>
        {TERMS.map((term) => (
          <Checkbox key={term} id={`report-term-${term}`} value={term} label={term} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function ParamsForm({ type, initial, defaults }: { type: ReportType; initial: ReportParamValues; defaults: ReportParamValues }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ReportParamErrors>({});
  const [summary, setSummary] = useState<ReturnType<typeof summaryItems>>([]);
  const today = useMemo(() => new Date(), []);
  const years = fiscalYearChoices(today, [values.fiscalYearFrom, values.fiscalYearTo]);

  const set = <K extends keyof ReportParamValues>(name: K, value: ReportParamValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name as keyof ReportParamErrors];
      return next;
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateReportValues(values, T.errors);
    setErrors(found);
    setSummary(summaryItems(found, FIELDS));
    if (Object.keys(found).length > 0) return;
    void navigate(reportResultHref(type, values));
  };

  const yearSelect = (name: 'fiscalYearFrom' | 'fiscalYearTo', id: string) => (
    <NativeSelect
      id={id}
      label={<RequiredLabel>{T[name]}</RequiredLabel>}
      inputWrapperOrder={FIELD_ORDER}
      size="md"
      value={values[name]}
      data={[...(values[name] ? [] : [{ value: '', label: '' }]), ...years]}
      error={errors[name]}
      onChange={(e) => set(name, e.currentTarget.value)}
      styles={inputWidth('12rem')}
    />
  );

  const multi = <K extends 'disciplines' | 'wilTypes' | 'credentials'>(
    name: K,
    id: string,
    options: readonly string[],
    placeholder: string,
  ) => (
    <MultiSelect
      id={id}
      label={T[name]}
      description={T.listHint}
      inputWrapperOrder={FIELD_ORDER}
      size="md"
      data={[...options]}
      value={values[name]}
      onChange={(picked) => set(name, picked as ReportParamValues[K])}
      placeholder={values[name].length === 0 ? placeholder : undefined}
      searchable
      clearable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Stack gap="md" maw="48rem">
      <ErrorSummary items={summary} />
      <Paper
        component="form"
        withBorder
        p="lg"
        radius="md"
        noValidate
        onSubmit={submit}
        aria-labelledby="report-form-title"
        data-testid="report-params-form"
      >
        <Stack gap="lg">
          <Title order={2} fz="h3" id="report-form-title">
            {T.formTitle}
          </Title>
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw="34rem">
              {yearSelect('fiscalYearFrom', FIELDS[0].id)}
              {yearSelect('fiscalYearTo', FIELDS[1].id)}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {T.fiscalYearHint}
            </Text>
          </Stack>

          <TermsField value={values.terms} error={errors.terms} onChange={(terms) => set('terms', terms)} />

          <InstitutionsField value={values.institutionIds} onChange={(ids) => set('institutionIds', ids)} />

          {multi('disciplines', 'report-disciplines', DISCIPLINES, T.disciplinesPlaceholder)}
          {multi('wilTypes', 'report-wil-types', WIL_TYPES, T.wilTypesPlaceholder)}
          {multi('credentials', 'report-credentials', CREDENTIALS, T.credentialsPlaceholder)}

          <Checkbox
            id="report-approved-only"
            label={T.approvedOnly}
            description={T.approvedOnlyHint}
            checked={values.approvedOnly}
            onChange={(e) => set('approvedOnly', e.currentTarget.checked)}
          />

          <Group justify="space-between" mt="sm">
            <Button
              variant="subtle"
              onClick={() => {
                setValues(defaults);
                setErrors({});
                setSummary([]);
              }}
            >
              {T.reset}
            </Button>
            <Button type="submit" size="md" leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}>
              {T.run}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** `/reports/params?type=…`: the parameters of one report, pre-filled from the query (or the defaults), then "Run report". */
export default function ReportParamsPage() {
  const [search] = useSearchParams();
  const { profile } = useProfile();
  // The route's check has already refused any other type with a 404.
  const type = (REPORT_TYPES as readonly string[]).includes(search.get('type') ?? '')
    ? (search.get('type') as ReportType)
    : 'region';
  const defaults = useMemo(() => defaultReportValues(profile.privileges, new Date()), [profile.privileges]);
  const initial = useMemo(() => reportValuesFromSearch(search, defaults), [search, defaults]);
  const title = T.title(REPORT_TITLES[type]);
  return (
    <Page
      title={title}
      crumbs={[{ label: TEXT.homeLink, to: '/' }, { label: routeTitle('reports'), to: '/reports' }, { label: title }]}
    >
      <Text maw="48rem">{T.intro(REPORT_MENU_LABELS[type])}</Text>
      <Text maw="48rem" size="sm">
        {REPORT_UI.answers[type]}
      </Text>
      {/* A new type or new query starts a fresh form. */}
      <ParamsForm key={search.toString()} type={type} initial={initial} defaults={defaults} />
    </Page>
  );
}
