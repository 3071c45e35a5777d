import { NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fiscalYearError } from '../../../../shared/record-rules.ts';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useExportSummary } from '../api/export-summary.ts';
import { CountStatus, DownloadPanel, NotFinalNote } from '../components/download-panel.tsx';
import { EXPORT_UI } from '../export-messages.ts';
import { fiscalYearChoices, fiscalYearOfDate } from '../lib/record-format.ts';

const T = EXPORT_UI.cewil;

/**
 * `/records/cewilExport` (app admins): one fiscal year (in the URL, `?fiscalYear=`), how many rows its return holds and
 * how many of the year's term returns are not approved, then the file, with every submitted record or those of
 * approved returns only. The last complete fiscal year is the default: the return is made once a year, after it ends.
 */
export default function CewilExportPage() {
  const [params, setParams] = useSearchParams();
  const years = useMemo(() => fiscalYearChoices(new Date()), []);
  const lastComplete = years[1] ?? fiscalYearOfDate(new Date());
  const asked = params.get('fiscalYear');
  const fiscalYear = asked && !fiscalYearError(asked) ? asked : lastComplete;
  const [approvedOnly, setApprovedOnly] = useState(false);
  const summary = useExportSummary({ kind: 'cewil', fiscalYear, approvedOnly });
  const total = summary.data?.rows;

  return (
    <Page title={routeTitle('cewilExport')}>
      <Text maw="48rem">{T.intro}</Text>
      <Paper withBorder p="lg" radius="sm" maw="32rem">
        <Stack gap="xs">
          <NativeSelect
            label={T.fiscalYear}
            description={T.fiscalYearHint}
            data={years.includes(fiscalYear) ? years : [fiscalYear, ...years]}
            value={fiscalYear}
            onChange={(e) => setParams({ fiscalYear: e.currentTarget.value }, { replace: true })}
          />
        </Stack>
      </Paper>
      <DownloadPanel
        disabled={false}
        approvedOnly={approvedOnly}
        onApprovedOnly={setApprovedOnly}
        href={(format) =>
          `/api/exports/cewil?fiscalYear=${encodeURIComponent(fiscalYear)}&format=${format}${approvedOnly ? '&approvedOnly=true' : ''}`
        }
        status={
          <CountStatus count={summary} counting={T.counting}>
            <Stack gap={4}>
              <Text fw={700} data-testid="export-count">
                {total ? T.rows(total, fiscalYear) : approvedOnly ? T.noneApproved(fiscalYear) : T.none(fiscalYear)}
              </Text>
              {summary.data ? <NotFinalNote summary={summary.data} approvedOnly={approvedOnly} /> : null}
              <Text size="sm">{T.layout}</Text>
            </Stack>
          </CountStatus>
        }
      />
    </Page>
  );
}
