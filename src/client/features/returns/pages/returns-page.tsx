import { Alert, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { useSiteConfig } from '../../../lib/site-config.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useNewestSearch } from '../../../ui/use-newest-search.ts';
import { usePeriods, useReturns } from '../api/get-returns.ts';
import { useProfile } from '../../session/index.ts';
import { ReturnMatrixTable } from '../components/return-matrix-table.tsx';
import { SendReminders } from '../components/send-reminders.tsx';
import { BulkApprove } from '../components/bulk-approve.tsx';
import type { MatrixSelection } from '../components/bulk-approve-select.tsx';
import { togglePeriod, toggleReturn, type BulkSelection } from '../lib/bulk-approve.ts';
import { MatrixFilterBar } from '../components/matrix-filters.tsx';
import {
  buildReturnMatrix,
  chosenFiscalYears,
  matrixFilterParams,
  matrixFiltersFromUrl,
  periodFiscalYears,
  type MatrixFilters,
} from '../lib/return-matrix.ts';
import { RETURN_UI } from '../messages.ts';
import { bcToday } from '../../../../shared/term-calendar.ts';

const T = RETURN_UI.matrix;

/**
 * `/returns`: the completeness matrix of the chosen fiscal years (the year of the term due next unless the URL names
 * others), every institution the user may read down (of the regions and types chosen), the periods across. Every
 * filter lives in the URL (lib/return-matrix.ts), so a reload or a shared link shows the same matrix, and the
 * download links carry the same filters.
 */
export default function ReturnsPage() {
  const title = routeTitle('returns');
  const periods = usePeriods();
  const { params, change } = useNewestSearch();
  const filters = useMemo(() => matrixFiltersFromUrl(params), [params]);
  // Filters are a view, not a step: the history entry is replaced. Each builds on the newest filters asked for, so two
  // picked before the matrix is drawn again both stay.
  const setFilters = (patch: Partial<MatrixFilters>) =>
    change((current) => matrixFilterParams({ ...matrixFiltersFromUrl(current), ...patch }));
  const fiscalYears = useMemo(
    () => (periods.data ? chosenFiscalYears(periods.data, filters.fiscalYears, bcToday()) : undefined),
    [periods.data, filters.fiscalYears],
  );
  const returns = useReturns(
    fiscalYears ? { fiscalYears, regions: filters.regions, institutionTypes: filters.institutionTypes } : undefined,
  );
  const { reminders } = useSiteConfig();
  const { profile } = useProfile();
  // Reminders exist only when mail is configured, for app admins, and only when there is someone to remind; they go
  // by fiscal year, so only when the matrix shows one.
  const overdue = returns.data?.filter((r) => r.overdue).length ?? 0;
  const mayRemind = reminders && profile.privileges.glblAdmin && overdue > 0 && fiscalYears?.length === 1;
  // App admins tick submitted returns to approve at once; the selection keeps each as it was when ticked.
  const [selected, setSelected] = useState<BulkSelection>(new Map());
  const selection: MatrixSelection | undefined = profile.privileges.glblAdmin
    ? {
        selected,
        onToggle: (ret) => setSelected((s) => toggleReturn(s, ret)),
        onTogglePeriod: (list) => setSelected((s) => togglePeriod(s, list)),
      }
    : undefined;
  useErrorToast(periods.error ?? returns.error);
  const matrix = useMemo(
    () =>
      periods.data && returns.data && fiscalYears
        ? buildReturnMatrix(periods.data, returns.data, { fiscalYears, name: filters.name, states: filters.states })
        : null,
    [periods.data, returns.data, fiscalYears, filters.name, filters.states],
  );

  if (periods.isPending) return <PageSkeleton />;
  const failed = periods.error ?? returns.error;
  return (
    <Page title={title}>
      <Text maw="48rem">{T.intro}</Text>
      {failed ? (
        <LoadError message={failed.message} onRetry={() => void (periods.error ? periods.refetch() : returns.refetch())} />
      ) : !fiscalYears?.length ? (
        <Alert color="gray" title={T.noPeriods}>
          {T.noPeriodsBody}
        </Alert>
      ) : (
        <Stack gap="md">
          <MatrixFilterBar
            filters={filters}
            years={periodFiscalYears(periods.data ?? [])}
            shownYears={fiscalYears}
            onChange={setFilters}
          />
          {mayRemind ? <SendReminders fiscalYear={fiscalYears[0]!} overdue={overdue} /> : null}
          {selection ? <BulkApprove selection={selected} onClear={() => setSelected(new Map())} /> : null}
          {!matrix ? (
            <PageSkeleton />
          ) : matrix.rows.length === 0 ? (
            <Text>{T.noMatch}</Text>
          ) : (
            <>
              <ReturnMatrixTable matrix={matrix} fiscalYears={fiscalYears} states={filters.states} selection={selection} />
              <Text size="sm" maw="48rem" data-testid="timeliness-note">
                {T.timelinessNote(fiscalYears)}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Page>
  );
}
