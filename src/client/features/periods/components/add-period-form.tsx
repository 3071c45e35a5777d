import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { TERMS } from '../../../../shared/constants.ts';
import { fiscalYearOf } from '../../../../shared/record-rules.ts';
import {
  bcToday,
  defaultPeriodDates,
  fiscalYearOfDay,
  fiscalYearStart,
  type PeriodKey,
} from '../../../../shared/term-calendar.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { serverFormErrors } from '../../../ui/form-errors.ts';
import { useCreatePeriod } from '../api/periods.ts';
import { PERIOD_UI } from '../messages.ts';
import { formatDay } from '../../returns/index.ts';

const T = PERIOD_UI.add;
const FIELDS = ['fiscal_year', 'term', 'opens_on', 'due_on'] as const;

/** The fiscal years offered: ten back and two ahead of the current one, and the one suggested, newest first. */
function fiscalYearChoices(suggested: string): string[] {
  const current = fiscalYearStart(fiscalYearOfDay(bcToday()));
  const years = Array.from({ length: 13 }, (_, n) => fiscalYearOf(current + 2 - n));
  return years.includes(suggested) ? years : [suggested, ...years].sort().reverse();
}

/**
 * "Add a period": a fiscal year and term (at first `suggested`, the next period to come), and optionally its dates
 * (empty: the term calendar's, shown under each field). PUT /api/periods; a period that already exists (409) is said
 * plainly, in the server's words, which name it.
 */
export function AddPeriodForm({ suggested }: { suggested: PeriodKey }) {
  const create = useCreatePeriod();
  const years = fiscalYearChoices(suggested.fiscal_year);
  const [values, setValues] = useState({
    fiscal_year: suggested.fiscal_year,
    term: suggested.term,
    opens_on: '',
    due_on: '',
  });
  const defaults = defaultPeriodDates(values.fiscal_year, values.term);
  const duplicate = isApiError(create.error) && create.error.status === 409 ? create.error : null;
  const problems = create.error && !duplicate ? serverFormErrors(create.error, FIELDS) : { fields: {}, other: [] };
  const set = (field: keyof typeof values) => (value: string) => {
    create.reset();
    setValues((v) => ({ ...v, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      fiscal_year: values.fiscal_year,
      term: values.term,
      ...(values.opens_on ? { opens_on: values.opens_on } : {}),
      ...(values.due_on ? { due_on: values.due_on } : {}),
    };
    create.mutate(body, {
      onSuccess: () => notify({ level: 'success', message: T.added(`${values.term} ${values.fiscal_year}`) }),
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-period-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="add-period-title">
            {T.title}
          </Title>
          <Group align="stretch" gap="md" wrap="wrap" className="fields-line-up" data-testid="add-period-fields">
            <NativeSelect
              id="period-fiscal-year"
              label={T.fiscalYear}
              data={years}
              value={values.fiscal_year}
              onChange={(e) => set('fiscal_year')(e.currentTarget.value)}
              error={problems.fields.fiscal_year}
              w={{ base: '100%', xs: '10rem' }}
            />
            <NativeSelect
              id="period-term"
              label={T.term}
              data={[...TERMS]}
              value={values.term}
              onChange={(e) => set('term')(e.currentTarget.value)}
              error={problems.fields.term}
              w={{ base: '100%', xs: '10rem' }}
            />
            <TextInput
              id="period-add-opens-on"
              type="date"
              label={PERIOD_UI.opensOn}
              description={T.defaultDate(formatDay(defaults.opens_on))}
              value={values.opens_on}
              onChange={(e) => set('opens_on')(e.currentTarget.value)}
              error={problems.fields.opens_on}
              w={{ base: '100%', xs: '13rem' }}
            />
            <TextInput
              id="period-add-due-on"
              type="date"
              label={PERIOD_UI.dueOn}
              description={T.defaultDate(formatDay(defaults.due_on))}
              value={values.due_on}
              onChange={(e) => set('due_on')(e.currentTarget.value)}
              error={problems.fields.due_on}
              w={{ base: '100%', xs: '13rem' }}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {T.datesHelp}
          </Text>
          {duplicate ? (
            <Alert
              color="orange"
              variant="light"
              role="alert"
              icon={<IconCopy aria-hidden="true" />}
              data-testid="period-duplicate"
            >
              <Text fw={700} c="dark.9">
                {T.duplicate}
              </Text>
              <Text size="sm">{duplicate.serverMessage ?? duplicate.message}</Text>
            </Alert>
          ) : null}
          {problems.other.length > 0 ? (
            <Alert color="red" role="alert">
              {problems.other.join(' ')}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {T.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
