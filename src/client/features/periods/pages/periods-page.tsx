import { Stack, Text } from '@mantine/core';
import { bcToday } from '../../../../shared/term-calendar.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { usePeriodList } from '../api/periods.ts';
import { AddPeriodForm } from '../components/add-period-form.tsx';
import { PeriodTable } from '../components/period-table.tsx';
import { periodToAdd } from '../lib/period-state.ts';
import { PERIOD_UI } from '../messages.ts';

/** `/periods` (app admins): every reporting period with its dates and state; change a period's dates, add one. */
export default function PeriodsPage() {
  const periods = usePeriodList();
  if (periods.isPending) return <PageSkeleton />;
  const suggested = periodToAdd(periods.data ?? [], bcToday());
  return (
    <Page title={routeTitle('periods')}>
      <Text>{PERIOD_UI.intro}</Text>
      {periods.error ? (
        <LoadError message={PERIOD_UI.errors.periods} onRetry={() => void periods.refetch()} />
      ) : (
        <Stack gap="xs">
          {periods.data.length === 0 ? <Text>{PERIOD_UI.empty}</Text> : <PeriodTable periods={periods.data} today={bcToday()} />}
          <Text size="sm" c="dimmed">
            {PERIOD_UI.stateHelp}
          </Text>
        </Stack>
      )}
      {/* Drawn anew whenever a period is added (the list grows), offering the period after the newest again. */}
      <AddPeriodForm key={periods.data?.length ?? 0} suggested={suggested} />
    </Page>
  );
}
