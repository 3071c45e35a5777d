import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { formatSort, paginate, toggleSort, STATUS_FILTERS, type SortState, type StatusFilter } from './list-state.ts';
import { ListSearchInput } from './list-search-input.tsx';
import { LoadError } from './load-error.tsx';
import { Page } from './page.tsx';
import { TablePager } from './table-pager.tsx';
import type { ListSearchUpdate } from './use-list-search.ts';

/** The words every list screen says; each feature keeps its own in its messages file. */
export interface ListWords {
  intro: string;
  filtersTitle: string;
  search: string;
  searchHint: string;
  status: string;
  statusHint?: string;
  statusOptions: Record<StatusFilter, string>;
  clearFilters: string;
  caption: string;
  loadFailed: string;
  noMatchTitle: string;
  noMatchBody: string;
  noneTitle: string;
  noneBody: string;
}

/** The part of a list's URL state the kit reads: the search, the status filter, the sort and the page. */
export interface ListBaseState {
  q: string;
  status: StatusFilter;
  sort: SortState;
  page: number;
}

export interface FilterSelectProps {
  id: string;
  label: string;
  description?: string;
  /** The URL's value; '' (or null) is "no filter". */
  value: string | null;
  /** The first choice, meaning "no filter" ("All regions"). */
  allLabel: string;
  options: readonly (string | { value: string; label: string })[];
  onChange: (value: string) => void;
}

/** One filter of a list: a native select whose first choice lifts the filter. */
export function FilterSelect({ id, label, description, value, allLabel, options, onChange }: FilterSelectProps) {
  return (
    <NativeSelect
      id={id}
      label={label}
      description={description}
      {...(description ? { inputWrapperOrder: ['label', 'description', 'input', 'error'] as const } : {})}
      value={value ?? ''}
      data={[{ value: '', label: allLabel }, ...options]}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export interface ListPageProps<Row> {
  title: string;
  words: ListWords;
  /** What the rows are, in the plural, for the pager ("institutions"). */
  what: string;
  /** The prefix of the filter fields' ids: `{idPrefix}-search`, `{idPrefix}-status`. */
  idPrefix: string;
  /** The button beside the introduction that adds a row. */
  addAction: ReactNode;
  /** The feature's own filters, shown between the search and the status filter. */
  filters: ReactNode;
  /** Their URL keys, lifted by "Clear filters" along with the search and the status. */
  filterKeys: readonly string[];
  gridCols: SimpleGridProps['cols'];
  state: ListBaseState;
  update: ListSearchUpdate;
  filtered: boolean;
  /** Every row the state selects, in order; the kit shows the page the state asks for. */
  selected: readonly Row[];
  pageSize: number;
  /** The read behind the rows: when it fails, the kit says so in place of the table. */
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  loading: boolean;
  table: Pick<DataTableProps<Row>, 'columns' | 'rowKey' | 'rowMuted' | 'minWidth' | 'testId'>;
  /** Said between the filters and the table (a secondary read that failed). */
  notice?: ReactNode;
  /** Rendered at the end of the page (a dialog). */
  children?: ReactNode;
}

/**
 * A list screen: introduction and add button, the filters (kept in the URL by the caller's `update`), the table with
 * its sort, empty and error states, and the pager. Paging pushes a history entry; filtering replaces it.
 */
export function ListPage<Row>(props: ListPageProps<Row>) {
  const { words: T, state, update, filtered, query, loading } = props;
  const slice = paginate(props.selected, state.page, props.pageSize);
  const clear = () => update(Object.fromEntries(['q', ...props.filterKeys, 'status'].map((key) => [key, null])));

  return (
    <Page title={props.title}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw="48rem">{T.intro}</Text>
        {props.addAction}
      </Group>

      <Paper component="form" role="search" aria-label={T.filtersTitle} withBorder p="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={props.gridCols} spacing="md" verticalSpacing="sm" style={{ alignItems: 'end' }}>
          <ListSearchInput
            id={`${props.idPrefix}-search`}
            label={T.search}
            description={T.searchHint}
            value={state.q}
            onCommit={(q) => update({ q })}
          />
          {props.filters}
          <NativeSelect
            id={`${props.idPrefix}-status`}
            label={T.status}
            description={T.statusHint}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            value={state.status}
            data={STATUS_FILTERS.map((value) => ({ value, label: T.statusOptions[value] }))}
            onChange={(e) => update({ status: e.currentTarget.value })}
          />
        </SimpleGrid>
        {filtered ? (
          <Group justify="flex-end" mt="sm">
            <Button variant="subtle" size="compact-sm" onClick={clear}>
              {T.clearFilters}
            </Button>
          </Group>
        ) : null}
      </Paper>

      {props.notice}

      {query.isError ? (
        <LoadError message={query.error?.message ?? ''} detail={T.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="sm">
          <DataTable
            caption={T.caption}
            {...props.table}
            rows={slice.rows}
            sort={state.sort}
            onSortChange={(key) => update({ sort: formatSort(toggleSort(state.sort, key)) })}
            loading={loading}
            empty={
              <Stack gap={4} align="center" py="md">
                <Text fw={700}>{filtered ? T.noMatchTitle : T.noneTitle}</Text>
                <Text size="sm">{filtered ? T.noMatchBody : T.noneBody}</Text>
              </Stack>
            }
          />
          {loading ? null : (
            <TablePager
              what={props.what}
              page={slice.page}
              pageCount={slice.pageCount}
              total={slice.total}
              from={slice.from}
              to={slice.to}
              onPageChange={(page) => update({ page: String(page) }, { push: true })}
            />
          )}
        </Stack>
      )}

      {props.children}
    </Page>
  );
}
