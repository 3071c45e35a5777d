import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableProps } from './data-table.tsx';
import type { ListBaseState, ListSpec } from './list-spec.ts';
import { formatSort, paginate, toggleSort, STATUS_FILTERS, type StatusFilter } from './list-state.ts';
import { ListSearchInput } from './list-search-input.tsx';
import { LoadError } from './load-error.tsx';
import { Page } from './page.tsx';
import { TablePager } from './table-pager.tsx';
import { useListSearch, type ListSearchUpdate } from './use-list-search.ts';
import './list-filters.css';

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

/** One filter of a list: a native select whose first choice ("All regions") lifts the filter. */
export interface ListFilter {
  /** The URL key the filter keeps its value under; the list's state holds it parsed, null for "no filter". */
  name: string;
  /** The field's id when it is not `{idPrefix}-{name}`. */
  id?: string;
  label: string;
  description?: string;
  allLabel: string;
  options: readonly (string | { value: string; label: string })[];
}

function FilterSelect({
  filter: f,
  id,
  value,
  onChange,
}: {
  filter: ListFilter;
  id: string;
  value: unknown;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  return (
    <NativeSelect
      id={id}
      label={f.label}
      description={f.description}
      {...(f.description ? { inputWrapperOrder: ['label', 'description', 'input', 'error'] as const } : {})}
      value={value === null || value === undefined ? '' : String(value)}
      data={[{ value: '', label: f.allLabel }, ...f.options]}
      onChange={(e) => onChange({ [f.name]: e.currentTarget.value })}
    />
  );
}

/** What names a list screen: its title, its words, what its rows are and the prefix of its fields' ids. */
export interface ListScreen {
  title: string;
  words: ListWords;
  /** What the rows are, in the plural, for the pager ("institutions"). */
  what: string;
  /** The prefix of the filter fields' ids: `{idPrefix}-search`, `{idPrefix}-status`. */
  idPrefix: string;
}

/** The button beside the introduction that adds a row: a link to a create page, or an action (opening a dialog). */
export type ListAdd = { label: string; to: string } | { label: string; onClick: () => void; icon: ReactNode };

/** A list's URL state (read by its spec) and the way to change it. */
export interface ListView<S extends ListBaseState> {
  spec: ListSpec<S>;
  state: S;
  update: ListSearchUpdate<S>;
}

/** The list's state kept in the URL query (see useListSearch). */
export function useListView<S extends ListBaseState>(spec: ListSpec<S>): ListView<S> {
  const { state, update } = useListSearch(spec.read, spec.defaults);
  return { spec, state, update };
}

export interface ListPageProps<Row, S extends ListBaseState> {
  screen: ListScreen;
  add: ListAdd;
  /** The feature's own filters, shown between the search and the status filter. */
  filters: readonly ListFilter[];
  list: ListView<S>;
  /** Every row the state selects, in order; the kit shows the page the state asks for. */
  selected: readonly Row[];
  /** The read behind the rows: when it fails, the kit says so in place of the table. */
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  loading: boolean;
  table: Pick<DataTableProps<Row>, 'columns' | 'rowKey' | 'rowMuted' | 'minWidth' | 'testId'>;
  /** Said between the filters and the table (a secondary read that failed). */
  notice?: ReactNode;
  /** Rendered at the end of the page (a dialog). */
  children?: ReactNode;
}

/** The filter fields sit in one row on wide screens: search, the list's own filters, status. */
function gridCols(fields: number): SimpleGridProps['cols'] {
  return fields > 4 ? { base: 1, sm: 2, lg: fields } : { base: 1, sm: 2, md: fields };
}

function AddButton({ add }: { add: ListAdd }) {
  if ('to' in add) {
    return (
      <Button component={Link} to={add.to} leftSection={<IconPlus size={18} aria-hidden="true" />}>
        {add.label}
      </Button>
    );
  }
  return (
    <Button leftSection={add.icon} onClick={add.onClick}>
      {add.label}
    </Button>
  );
}

/**
 * A list screen: introduction and add button, the filters (kept in the URL), the table with
 * its sort, empty and error states, and the pager. Paging pushes a history entry; filtering replaces it.
 */
export function ListPage<Row, S extends ListBaseState>(props: ListPageProps<Row, S>) {
  const { screen, query, loading } = props;
  const { spec, state, update } = props.list;
  const T = screen.words;
  const filtered = spec.hasFilters(state);
  const slice = paginate(props.selected, state.page, spec.pageSize);
  const clear = () => update(Object.fromEntries(['q', ...spec.filterKeys, 'status'].map((key) => [key, null])));

  return (
    <Page title={screen.title}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw="48rem">{T.intro}</Text>
        <AddButton add={props.add} />
      </Group>

      <Paper component="form" role="search" aria-label={T.filtersTitle} withBorder p="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={gridCols(props.filters.length + 2)} spacing="md" verticalSpacing="sm" className="list-filters">
          <ListSearchInput
            id={`${screen.idPrefix}-search`}
            label={T.search}
            description={T.searchHint}
            value={state.q}
            onCommit={(q) => update({ q })}
          />
          {props.filters.map((filter) => (
            <FilterSelect
              key={filter.name}
              filter={filter}
              id={filter.id ?? `${screen.idPrefix}-${filter.name}`}
              value={(state as Record<string, unknown>)[filter.name]}
              onChange={update}
            />
          ))}
          <NativeSelect
            id={`${screen.idPrefix}-status`}
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
            onSortChange={(key) => update((now) => ({ sort: formatSort(toggleSort(now.sort, key)) }))}
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
              what={screen.what}
              page={slice.page}
              pageCount={slice.pageCount}
              total={slice.total}
              from={slice.from}
              to={slice.to}
              onPageChange={(to) => update((now) => ({ page: String(to(now.page)) }), { push: true })}
            />
          )}
        </Stack>
      )}

      {props.children}
    </Page>
  );
}
