import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListSearchInput } from '../../../ui/list-search-input.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { useSiteConfig } from '../../../lib/site-config.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { usePeriods, useReturns } from '../api/get-returns.ts';
import { useProfile } from '../../session/index.ts';
import { ReturnMatrixTable } from '../components/return-matrix-table.tsx';
import { SendReminders } from '../components/send-reminders.tsx';
import { buildReturnMatrix, chosenFiscalYear, periodFiscalYears } from '../lib/return-matrix.ts';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.matrix;

/** Sets or removes one search parameter, replacing the history entry (filters are a view, not a step). */
function useFilterParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), set];
}

/**
 * `/returns`: the completeness matrix of a fiscal year (the latest with periods unless the URL names another), every
 * institution the user may read down, its periods across; the fiscal year and the name filter live in the URL.
 */
export default function ReturnsPage() {
  const title = routeTitle('returns');
  const periods = usePeriods();
  const [askedYear, setYear] = useFilterParam('fiscalYear');
  const [name, setName] = useFilterParam('institution');
  const fiscalYear = periods.data ? chosenFiscalYear(periods.data, askedYear) : undefined;
  const returns = useReturns(fiscalYear);
  const { reminders } = useSiteConfig();
  const { profile } = useProfile();
  // Reminders exist only when mail is configured, for app admins, and only when there is someone to remind.
  const overdue = returns.data?.filter((r) => r.overdue).length ?? 0;
  const mayRemind = reminders && profile.privileges.glblAdmin && overdue > 0;
  useErrorToast(periods.error ?? returns.error);
  const matrix = useMemo(
    () =>
      periods.data && returns.data && fiscalYear ? buildReturnMatrix(periods.data, returns.data, fiscalYear, name ?? '') : null,
    [periods.data, returns.data, fiscalYear, name],
  );

  if (periods.isPending) return <PageSkeleton />;
  const failed = periods.error ?? returns.error;
  return (
    <Page title={title}>
      <Text maw="48rem">{T.intro}</Text>
      {failed ? (
        <LoadError message={failed.message} onRetry={() => void (periods.error ? periods.refetch() : returns.refetch())} />
      ) : !fiscalYear ? (
        <Alert color="gray" title={T.noPeriods}>
          {T.noPeriodsBody}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              id="returns-fiscal-year"
              label={T.fiscalYear}
              data={periodFiscalYears(periods.data ?? [])}
              value={fiscalYear}
              onChange={(value) => setYear(value)}
              allowDeselect={false}
              w="10rem"
            />
            <div style={{ flex: '1 1 16rem', maxWidth: '24rem' }}>
              <ListSearchInput
                id="returns-institution"
                label={T.institutionFilter}
                description={T.institutionFilterHint}
                value={name ?? ''}
                onCommit={(value) => setName(value)}
              />
            </div>
          </Group>
          {mayRemind && fiscalYear ? <SendReminders fiscalYear={fiscalYear} overdue={overdue} /> : null}
          {!matrix ? (
            <PageSkeleton />
          ) : matrix.rows.length === 0 ? (
            <Text>{T.noMatch}</Text>
          ) : (
            <ReturnMatrixTable matrix={matrix} fiscalYear={fiscalYear} />
          )}
        </Stack>
      )}
    </Page>
  );
}
