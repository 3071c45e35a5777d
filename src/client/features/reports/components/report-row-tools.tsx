import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ReportColumn, ReportRow } from '../../../../shared/schemas/report.ts';
import {
  filterReportRows,
  groupedByDefault,
  groupReportRows,
  longReportTools,
  type ReportRowGroup,
} from '../lib/report-row-groups.ts';
import { REPORT_UI } from '../messages.ts';

const R = REPORT_UI.result;

export interface ReportRowTools {
  tools: { filter: boolean; group: boolean };
  query: string;
  setQuery: (query: string) => void;
  grouped: boolean;
  setGrouped: (grouped: boolean) => void;
  /** The rows the filter keeps, in the table's order. */
  rows: ReportRow[];
  /** For the table when grouped by institution. */
  grouping?: { groups: ReportRowGroup[]; isOpen: (label: string) => boolean; onToggle: (label: string) => void };
  setAllOpen: (open: boolean) => void;
}

/**
 * The state of a long report's filter and grouping (issue 30). Once grouped, groups start closed, so the page is a
 * list of institutions; while a filter is typed they start open, so the matches show. Each change of the filter starts again
 * from that default. Printing opens every group: paper gets every row, as it does ungrouped.
 */
export function useReportRowTools(rows: readonly ReportRow[], columns: readonly ReportColumn[]): ReportRowTools {
  const tools = useMemo(() => longReportTools(rows.length, columns), [rows.length, columns]);
  const [query, setQueryState] = useState('');
  // A long report of many rows per institution starts grouped, so the page opens on a list of institutions rather
  // than hundreds of rows (issue 30); any other starts whole. The reader's choice then holds for the page.
  const byDefault = useMemo(() => groupedByDefault(rows, tools), [rows, tools]);
  const [chosen, setGrouped] = useState<boolean | null>(null);
  const grouped = chosen ?? byDefault;
  // The groups whose state differs from the default (open while filtering, closed otherwise).
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const [printing, setPrinting] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const filtered = useMemo(
    () => (tools.filter ? filterReportRows(rows, columns, deferredQuery) : [...rows]),
    [tools.filter, rows, columns, deferredQuery],
  );
  const groups = useMemo(() => (tools.group && grouped ? groupReportRows(filtered) : null), [tools.group, grouped, filtered]);
  const openByDefault = deferredQuery.trim() !== '';

  useEffect(() => {
    if (!groups) return;
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [groups]);

  const setQuery = useCallback((next: string) => {
    setQueryState(next);
    setToggled(new Set());
  }, []);
  const isOpen = useCallback(
    (label: string) => printing || openByDefault !== toggled.has(label),
    [printing, openByDefault, toggled],
  );
  const onToggle = useCallback(
    (label: string) =>
      setToggled((current) => {
        const next = new Set(current);
        if (!next.delete(label)) next.add(label);
        return next;
      }),
    [],
  );
  const setAllOpen = (open: boolean) =>
    setToggled(open === openByDefault ? new Set() : new Set((groups ?? []).map((g) => g.label)));
  return {
    tools,
    query,
    setQuery,
    grouped,
    setGrouped,
    rows: filtered,
    grouping: groups ? { groups, isOpen, onToggle } : undefined,
    setAllOpen,
  };
}

/** The filter box, the grouping choice and open or close all, over a long report's table. */
export function ReportRowToolbar({ state }: { state: ReportRowTools }) {
  if (!state.tools.filter) return null;
  return (
    <Group align="flex-end" gap="md" className="no-print" data-testid="report-row-tools">
      <TextInput
        label={R.filterLabel}
        description={R.filterHint}
        value={state.query}
        onChange={(event) => state.setQuery(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        type="search"
        maw="34rem"
        style={{ flex: '1 1 20rem' }}
        data-testid="report-filter"
      />
      {state.tools.group ? (
        <Group gap="sm" align="center" pb={6}>
          <Checkbox
            label={R.groupByInstitution}
            checked={state.grouped}
            onChange={(event) => state.setGrouped(event.currentTarget.checked)}
          />
          {state.grouping ? (
            <>
              <Button variant="subtle" size="compact-sm" onClick={() => state.setAllOpen(true)}>
                {R.expandAll}
              </Button>
              <Button variant="subtle" size="compact-sm" onClick={() => state.setAllOpen(false)}>
                {R.collapseAll}
              </Button>
            </>
          ) : null}
        </Group>
      ) : null}
    </Group>
  );
}
