import { Button, Group, Loader, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { RECORD_PAGE_SIZES, type RecordQuery } from '../../../../shared/find-criteria-url.ts';
import type { RecordListItem, RecordPage } from '../../../../shared/schemas/record-list.ts';
import type { RecordSortKey } from '../../../../shared/schemas/record-sort.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { TablePager } from '../../../ui/table-pager.tsx';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import { formatCount, formatUpdated } from '../lib/record-format.ts';
import { headingSort, nextRecordSort } from '../lib/record-sort.ts';
import { pageWindow, withPage, withPageSize, withSort } from '../lib/record-view-model.ts';
import { RecordRowLink } from './record-row-link.tsx';
import { RecordStatusBadge } from './record-status-badge.tsx';
import type { RecordViewChange } from './use-record-view.ts';

const C = RECORD_BROWSE_UI.columns;

function Count({ value }: { value: number | null }) {
  const text = formatCount(value);
  if (text !== null) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{RECORD_BROWSE_UI.notEntered}</VisuallyHidden>
    </>
  );
}

const COLUMNS: DataColumn<RecordListItem>[] = [
  { key: 'institution', header: C.institution, cell: (r) => r.institution_short_name, nowrap: true },
  {
    key: 'program',
    header: C.program,
    minWidth: '14rem',
    cell: (r) => <RecordRowLink record={r} />,
  },
  { key: 'fiscal_year', header: C.fiscal_year, cell: (r) => r.fiscal_year, nowrap: true },
  { key: 'term', header: C.term, cell: (r) => r.term, nowrap: true },
  { key: 'status', header: C.status, cell: (r) => <RecordStatusBadge status={r.status} size="sm" />, nowrap: true },
  { key: 'students_enrolled', header: C.students_enrolled, cell: (r) => <Count value={r.students_enrolled} />, numeric: true },
  { key: 'students_seeking', header: C.students_seeking, cell: (r) => <Count value={r.students_seeking} />, numeric: true },
  { key: 'students_placed', header: C.students_placed, cell: (r) => <Count value={r.students_placed} />, numeric: true },
  { key: 'updated_at', header: C.updated_at, cell: (r) => formatUpdated(r.updated_at), nowrap: true },
];

export interface RecordTableProps {
  /** What the table lists, for screen readers. */
  caption: string;
  view: RecordQuery;
  data: RecordPage | undefined;
  /** No data yet: skeleton rows. */
  loading: boolean;
  /** Data shown is the previous view's while the new one loads. */
  updating: boolean;
  /**
   * A new view, given as a function of the view as it is now (a click before the last one is drawn builds on it):
   * `push` for paging (Back returns to the previous page), otherwise the history entry is replaced.
   */
  onViewChange: RecordViewChange;
  /** Shown when nothing matches: say what to do next. */
  empty: ReactNode;
  testId: string;
}

/**
 * A page of records as the server sorted and cut it: sortable headings, each row linking to its record, counts
 * right-aligned with thousands separators, status as a badge, and below it the count, the pages and the page size.
 */
export function RecordTable({ caption, view, data, loading, updating, onViewChange, empty, testId }: RecordTableProps) {
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const window = pageWindow(view.page, view.pageSize, total, rows.length);
  const pastEnd = !loading && rows.length === 0 && total > 0;

  // Another page of rows starts at its first row: the table comes into view if the page had been scrolled past it
  // (the pager sits below the rows).
  const region = useRef<HTMLDivElement>(null);
  const shown = data ? `${data.page}:${data.pageSize}:${view.sort}` : '';
  const previous = useRef(shown);
  useEffect(() => {
    if (!shown || shown === previous.current) return;
    const first = previous.current === '';
    previous.current = shown;
    if (first || !region.current) return;
    if (region.current.getBoundingClientRect().top < 0) region.current.scrollIntoView({ block: 'start' });
  }, [shown]);

  return (
    <Stack gap="sm" ref={region} data-testid={`${testId}-region`}>
      <DataTable
        caption={caption}
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        sort={headingSort(view.sort)}
        onSortChange={(key) => onViewChange((now) => withSort(now, nextRecordSort(now.sort, key as RecordSortKey)))}
        loading={loading}
        skeletonRows={10}
        minWidth={960}
        chooseColumns={testId}
        testId={testId}
        empty={
          pastEnd ? (
            <Stack gap={4} align="center" py="md">
              <Text fw={700}>{RECORD_BROWSE_UI.pastEndTitle}</Text>
              <Text size="sm">{RECORD_BROWSE_UI.pastEndBody}</Text>
              <Button variant="default" size="xs" mt="xs" onClick={() => onViewChange((now) => withPage(now, 1))}>
                {RECORD_BROWSE_UI.firstPage}
              </Button>
            </Stack>
          ) : (
            empty
          )
        }
      />
      {loading ? null : (
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Group gap="md" align="center" wrap="wrap" style={{ flex: 1 }}>
            <TablePager
              what={RECORD_BROWSE_UI.what}
              page={Math.min(view.page, window.pageCount)}
              pageCount={window.pageCount}
              total={total}
              from={window.from}
              to={window.to}
              onPageChange={(to) => onViewChange((now) => withPage(now, to(now.page)), { push: true })}
            />
            {updating ? (
              <Group gap={6} data-testid="table-updating">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">{RECORD_BROWSE_UI.updating}</Text>
              </Group>
            ) : null}
          </Group>
          <NativeSelect
            id={`${testId}-page-size`}
            label={RECORD_BROWSE_UI.pageSize}
            size="xs"
            w="8rem"
            value={String(view.pageSize)}
            data={[...new Set<number>([...RECORD_PAGE_SIZES, view.pageSize])]
              .sort((a, b) => a - b)
              .map((size) => ({ value: String(size), label: String(size) }))}
            onChange={(event) => {
              const size = Number(event.currentTarget.value);
              onViewChange((now) => withPageSize(now, size));
            }}
          />
        </Group>
      )}
    </Stack>
  );
}
