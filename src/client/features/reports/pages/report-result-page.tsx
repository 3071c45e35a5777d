import { Alert, Anchor, Button, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconInfoCircle, IconAlertCircle, IconPrinter } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { REPORT_TITLES } from '../../../../shared/app-routes.ts';
import { releaseLine } from '../../../../shared/disclosure.ts';
import { TEXT } from '../../../../shared/messages.ts';
import type { ReportType } from '../../../../shared/reports.ts';
import type { Report } from '../../../../shared/schemas/report.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { useSiteConfig } from '../../../lib/site-config.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { useDeferredFirstDraw } from '../../../ui/use-deferred-first-draw.ts';
import { useNewestSearch } from '../../../ui/use-newest-search.ts';
import { Page } from '../../../ui/page.tsx';
import { useReport } from '../api/get-report.ts';
import { ReportChart } from '../components/report-chart.tsx';
import { ReportParamsSummary } from '../components/report-params-summary.tsx';
import { ReportFlagLegend } from '../components/report-flag.tsx';
import { ReportSuppressionNotes } from '../components/report-suppression-notes.tsx';
import { reportFlagsPresent } from '../lib/report-flags.ts';
import { ReportTable } from '../components/report-table.tsx';
import { ReportRowToolbar, useReportRowTools } from '../components/report-row-tools.tsx';
import { ReportOptionalColumnsToggle, useOptionalColumns } from '../components/report-optional-columns.tsx';
import { REPORT_COLUMN_GROUPS, reportHead } from '../lib/report-column-groups.ts';
import { chartSpecFor } from '../lib/report-chart-model.ts';
import { answerColumnsFirst } from '../lib/report-column-order.ts';
import { printOrientation } from '../lib/report-print.ts';
import { reportApiSearch, reportDownloadHref, reportParamsHref, reportTypeFromPath } from '../lib/report-params.ts';
import { suppressionNotes } from '../lib/report-suppression.ts';
import { nextReportSort, parseReportSort, reportTableModel } from '../lib/report-table-model.ts';
import { REPORT_UI } from '../messages.ts';
import '../reports.css';

const R = REPORT_UI.result;

/**
 * Whether the province row rests on any record: a figure other than 0, or one hidden (only a figure with records
 * behind it is hidden). Over every institution the province row is the totals row, so it has none when the rows
 * have none.
 */
function provinceHasRecords(report: Report): boolean {
  if (Object.keys(report.suppressed).length > 0) return true;
  return report.columns.some((c) => c.kind !== 'text' && report.province[c.key] != null && report.province[c.key] !== 0);
}

/** Whether every figure of the province row is hidden: then its notes, not its row, answer the question. */
function provinceAllHidden(report: Report): boolean {
  const figures = report.columns.filter((c) => c.kind !== 'text');
  return figures.length > 0 && figures.every((c) => c.key in report.suppressed);
}

/** What the server said was wrong with the parameters: its field errors, or its message. */
function refusalMessages(error: ApiError): string[] {
  const fields = Object.values(error.fieldErrors ?? {}).flat();
  if (fields.length > 0) return fields;
  return [error.serverMessage ?? error.message];
}

function ReportLoading() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="report-loading">
      <Skeleton height={28} width="20%" />
      <Skeleton height={320} />
      <Skeleton height={200} />
    </Stack>
  );
}

function ReportBody({
  type,
  report,
  search,
  title,
}: {
  type: ReportType;
  report: Report;
  search: URLSearchParams;
  title: string;
}) {
  const { change } = useNewestSearch();
  const sortParam = search.get('sort');
  const sort = useMemo(() => parseReportSort(sortParam, report.columns), [sortParam, report.columns]);
  const model = useMemo(() => reportTableModel(report, sort), [report, sort]);
  const spec = useMemo(() => chartSpecFor(type, report), [type, report]);
  const columns = useMemo(() => answerColumnsFirst(report.columns), [report.columns]);
  const head = useMemo(() => reportHead(columns, REPORT_COLUMN_GROUPS[type]), [columns, type]);
  const [showOptional, setShowOptional] = useOptionalColumns(type);
  const rowTools = useReportRowTools(model.rows, report.columns);
  const shownModel = useMemo(() => ({ ...model, rows: rowTools.rows }), [model, rowTools.rows]);
  const rule = useSiteConfig().disclosure;
  const notes = useMemo(() => suppressionNotes(report, rule), [report, rule]);
  const released = releaseLine(report.release);
  const draw = useDeferredFirstDraw();

  const empty = report.rows.length === 0;
  const emptyNotice = (title: string, body: string) => (
    <Alert color="navy" variant="light" icon={<IconInfoCircle aria-hidden="true" />} data-testid="report-empty" maw="46rem">
      <Stack gap="xs" align="flex-start">
        <Text fw={700} component="h2" fz="md">
          {title}
        </Text>
        <Text>{body}</Text>
        <Anchor component={Link} to={reportParamsHref(type, search)} fw={600}>
          {R.changeParameters}
        </Anchor>
      </Stack>
    </Alert>
  );
  // Nothing of the chosen institutions, but the province has records: its row (under disclosure control) is still
  // what someone comparing with the province came for.
  if (empty && !provinceHasRecords(report)) return emptyNotice(R.emptyTitle, R.emptyBody);

  // From the newest address asked for, not the drawn table: a second click before the first one's sort is drawn (a
  // long report re-sorts in a transition) must turn the order round, not repeat the first.
  const onSort = (key: string) =>
    change((current) => {
      const next = nextReportSort(parseReportSort(current.get('sort'), report.columns), key);
      const search = new URLSearchParams(current);
      search.set('sort', next.direction === 'desc' ? `-${next.key}` : next.key);
      return search;
    });

  // The chart and the table's first rows are drawn in a transition (short slices), the loading skeleton kept till then.
  if (!draw) return <ReportLoading />;
  return (
    // The print rules (reports.css) put a table too wide for portrait paper on landscape pages.
    <Stack gap="xl" className="report-body" data-print-orientation={printOrientation(report.columns)}>
      {empty ? emptyNotice(R.emptyOwnTitle, provinceAllHidden(report) ? R.emptyOwnHiddenBody : R.emptyOwnBody) : null}
      {spec ? <ReportChart spec={spec} title={title} /> : null}
      <Stack gap="sm" component="section" aria-labelledby="report-table-title" className="report-table-section">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h3" id="report-table-title">
            {R.tableTitle}
          </Title>
          <Text size="sm" data-testid="report-row-count" aria-live="polite">
            {rowTools.rows.length === report.rows.length
              ? R.rows(report.rows.length)
              : R.rowsOf(rowTools.rows.length, report.rows.length)}
          </Text>
        </Group>
        <ReportOptionalColumnsToggle head={head} shown={showOptional} onChange={setShowOptional} />
        <ReportRowToolbar state={rowTools} />
        {rowTools.tools.filter && rowTools.rows.length === 0 ? (
          <Text data-testid="report-filter-none">{R.filterNone}</Text>
        ) : null}
        <ReportTable
          caption={R.tableCaption(title)}
          columns={columns}
          model={shownModel}
          sort={sort}
          onSort={onSort}
          grouping={rowTools.grouping}
          head={head}
          hideOptional={!showOptional}
        />
        <ReportFlagLegend flags={reportFlagsPresent(report)} />
        {notes ? <ReportSuppressionNotes notes={notes} changeHref={reportParamsHref(type, search)} /> : null}
        {released ? (
          <Text size="sm" data-testid="report-release-line">
            {released}{' '}
            <Anchor component={Link} to="/releases">
              {R.releaseCalendar}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

/**
 * The result page of every report (`/reports/regions`, `/reports/yearCompare`, …): the report is found from the path,
 * its parameters are the query string, so the address reproduces the page. Parameters in words, downloads, print,
 * a chart and a sortable table with the total and province rows pinned below, and notes on any province figure
 * hidden by disclosure control.
 */
export default function ReportResultPage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const type = reportTypeFromPath(pathname);
  if (!type) throw new ApiError(TEXT.notFound(pathname), { status: 404 });
  const apiSearch = useMemo(() => reportApiSearch(search), [search]);
  const report = useReport(type, apiSearch);
  const title = REPORT_TITLES[type];
  const paramsHref = reportParamsHref(type, search);

  // "Unauthorized" on the error page, as for any other screen the user may not see.
  if (report.isError && isApiError(report.error) && report.error.status === 403) throw report.error;
  const refused = report.isError && isApiError(report.error) && report.error.status === 400 ? report.error : null;

  return (
    <Page title={title}>
      <Text maw="48rem">{REPORT_UI.answers[type]}</Text>
      <ReportParamsSummary search={search} changeHref={paramsHref} />
      <Group gap="sm" className="no-print" role="group" aria-label={R.downloadsLabel}>
        <Button
          component="a"
          href={reportDownloadHref(type, 'csv', apiSearch)}
          download
          variant="default"
          leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
        >
          {R.downloadCsv}
        </Button>
        <Button
          component="a"
          href={reportDownloadHref(type, 'xlsx', apiSearch)}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
        >
          {R.downloadXlsx}
        </Button>
        <Button variant="default" onClick={() => window.print()} leftSection={<IconPrinter size={18} aria-hidden="true" />}>
          {R.print}
        </Button>
      </Group>

      {refused ? (
        <Alert
          color="red"
          variant="outline"
          icon={<IconAlertCircle aria-hidden="true" />}
          role="alert"
          data-testid="report-refused"
          maw="46rem"
        >
          <Stack gap="xs" align="flex-start">
            <Text fw={700} c="red.9" component="h2" fz="md">
              {R.badParamsTitle}
            </Text>
            <List spacing={4}>
              {refusalMessages(refused).map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
            <Text>{R.badParamsBody}</Text>
            <Anchor component={Link} to={paramsHref} fw={600}>
              {R.changeParameters}
            </Anchor>
          </Stack>
        </Alert>
      ) : report.isError ? (
        <LoadError message={report.error.message} detail={R.loadFailedDetail} onRetry={() => void report.refetch()} />
      ) : report.isPending ? (
        <ReportLoading />
      ) : (
        <ReportBody key={type} type={type} report={report.data} search={search} title={title} />
      )}
    </Page>
  );
}
