import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { canEditInstitution } from '../../../../shared/permissions.ts';
import { isLockedReturnState, returnName } from '../../../../shared/reporting-cycle.ts';
import type { ReturnEntryRow, TermReturn } from '../../../../shared/schemas/returns.ts';
import { notify } from '../../../lib/notifications.ts';
import { DetailLoad } from '../../../ui/detail-page.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { availableReturnActions, ReturnActions, SignOffPeople, useReturn } from '../../returns/index.ts';
import { useProfile } from '../../session/index.ts';
import { useEntryRows } from '../api/get-entry-rows.ts';
import { cellSelector, EntryGridTable, type CellPosition } from '../components/entry-grid.tsx';
import { PhoneEntry } from '../components/phone-entry.tsx';
import { RowDetails } from '../components/row-details.tsx';
import { useGridKeys } from '../components/use-grid-keys.ts';
import { useRowHistory } from '../components/use-row-history.ts';
import { useRowSaver } from '../components/use-row-saver.ts';
import { gridOf, gridReducer, GRID_FIELDS, saveRequest, submittableRows } from '../lib/entry-grid-model.ts';
import { ENTRY_UI } from '../messages.ts';

/** "Submit the complete rows": saved drafts that keep every rule of submission become submitted records. */
function SubmitRows({ ready, submit }: { ready: number[]; submit: (rows: readonly number[]) => Promise<number> }) {
  const [submitting, setSubmitting] = useState(false);
  const submitRows = async () => {
    setSubmitting(true);
    try {
      const done = await submit(ready);
      const failed = ready.length - done;
      notify({
        level: failed ? 'error' : 'success',
        message: failed ? ENTRY_UI.submit.some(done, failed) : ENTRY_UI.submit.done(done),
      });
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Group gap="sm" align="center">
      <Button onClick={() => void submitRows()} disabled={ready.length === 0} loading={submitting} data-testid="entry-submit">
        {ENTRY_UI.submit.button(ready.length)}
      </Button>
      {ready.length === 0 ? (
        <Text size="sm" c="dimmed" maw="40rem">
          {ENTRY_UI.submit.none}
        </Text>
      ) : null}
    </Group>
  );
}

/** The name of the user-timing measure of the grid's first draw, from its first render to the frame after it is painted. */
export const GRID_DRAW_MEASURE = 'entry-grid-draw';

/** Measures the grid's first draw (npm run bench reads it in Chromium): a mark and a measure, nothing else. */
function useDrawTiming() {
  const [start] = useState(() => performance.now());
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(() => performance.measure(GRID_DRAW_MEASURE, { start }), 0));
  }, [start]);
}

/** The grid's state, also as a ref for handlers that run after a render; fresh rows merge in, what was typed stays. */
function useEntryGrid(rows: readonly ReturnEntryRow[]) {
  const [grid, dispatch] = useReducer(gridReducer, rows, gridOf);
  const gridRef = useRef(grid);
  useLayoutEffect(() => {
    gridRef.current = grid;
  }, [grid]);
  useEffect(() => dispatch({ type: 'reload', rows }), [rows]);
  useDrawTiming();
  return { grid, dispatch, gridRef };
}

/**
 * The row drawn as inputs: the one focused, else the last one (so Tab into the grid comes back to it). `goTo` draws a
 * cell's row as inputs, then focuses the cell.
 */
function useActiveRow() {
  const area = useRef<HTMLDivElement>(null);
  const [activeRow, setActiveRow] = useState(0);
  const [pendingFocus, setPendingFocus] = useState<CellPosition | null>(null);
  const goTo = useCallback((position: CellPosition) => {
    setActiveRow(position.row);
    setPendingFocus(position);
  }, []);
  useLayoutEffect(() => {
    if (!pendingFocus) return;
    area.current?.querySelector<HTMLInputElement>(cellSelector(pendingFocus))?.focus();
    setPendingFocus(null);
  }, [area, pendingFocus]);
  return { area, activeRow, goTo };
}

/** What the screen is for and its keys, or why it is read-only. */
function EntryIntro({ readOnly, locked, phone }: { readOnly: boolean; locked: boolean; phone: boolean }) {
  if (readOnly)
    return (
      <Alert color="orange" variant="outline" icon={<IconLock aria-hidden="true" />} data-testid="entry-read-only">
        {locked ? ENTRY_UI.readOnly.locked : ENTRY_UI.readOnly.noRights}
      </Alert>
    );
  return (
    <Stack gap={4}>
      <Text size="sm">{phone ? ENTRY_UI.phone.intro : ENTRY_UI.intro}</Text>
      {phone ? null : (
        <Text size="sm" c="dimmed">
          {ENTRY_UI.keys}
        </Text>
      )}
    </Stack>
  );
}

function TermGrid({ ret, rows }: { ret: TermReturn; rows: readonly ReturnEntryRow[] }) {
  const { profile } = useProfile();
  const phone = useMediaQuery('(max-width: 48em)');
  const { grid, dispatch, gridRef } = useEntryGrid(rows);

  const locked = isLockedReturnState(ret.state);
  const readOnly = locked || !canEditInstitution(profile.privileges, ret.institution_id);
  const place = useMemo(
    () => ({ institutionId: ret.institution_id, fiscalYear: ret.fiscal_year, term: ret.term }),
    [ret.institution_id, ret.fiscal_year, ret.term],
  );
  const { save, submit } = useRowSaver(gridRef, dispatch, place);

  const [focused, setFocused] = useState<CellPosition | null>(null);
  const [detailsRow, setDetailsRow] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const focusText = useRef('');
  /** Rows a paste or an undo changed: saved at once, the focused one too. */
  const flush = useRef(new Set<number>());

  // Every row but the one being edited is saved as soon as it has something to save (a row that failed waits until it
  // is left again or changed, so a refusal is not sent over and over).
  useEffect(() => {
    grid.rows.forEach((row, n) => {
      if (row.sending) return; // its turn comes when this save ends, a paste's or undo's mark kept until then
      if (!flush.current.has(n) && (n === focused?.row || row.failed)) return;
      flush.current.delete(n);
      if (saveRequest(row, place)) void save(n);
    });
  }, [grid, focused, place, save]);

  // The focused cell, also as a ref: leaving a row saves it (and tries again a row whose save failed), by the effect.
  const focusedRef = useRef<CellPosition | null>(null);
  const focusOn = useCallback((position: CellPosition | null) => {
    const before = focusedRef.current;
    // The row left is owed a save: the effect below makes it, after any save of it still under way, even if the
    // focus has come back by then.
    if (before && before.row !== position?.row) flush.current.add(before.row);
    focusedRef.current = position;
    setFocused(position);
    if (position) setDetailsRow(position.row);
  }, []);
  const onFocusCell = useCallback(
    (position: CellPosition, input: HTMLInputElement) => {
      input.select();
      focusText.current = input.value;
      focusOn(position);
    },
    [focusOn],
  );
  const onLeave = useCallback(() => focusOn(null), [focusOn]);

  const { area: tableArea, activeRow, goTo } = useActiveRow();

  const { onKeyDown, onPaste } = useGridKeys({
    grid: gridRef,
    goTo,
    dispatch,
    readOnly,
    focusText,
    flush,
    announce: setAnnouncement,
  });

  const onEdit = useCallback(
    ({ row, column }: CellPosition, text: string) => dispatch({ type: 'edit', row, field: GRID_FIELDS[column]!, text }),
    [],
  );

  const ready = submittableRows(grid);
  // The row last focused: it stays in the panel when the focus leaves the grid.
  const details = grid.rows[detailsRow] ?? null;
  const actions = availableReturnActions(ret, profile.privileges);
  // Kept while the focus is outside the grid too: the page below must not move under a click.
  const { recent, findings } = useRowHistory(details, place);
  return (
    <Stack gap="md">
      <EntryIntro readOnly={readOnly} locked={locked} phone={phone} />
      <div ref={tableArea}>
        {phone ? (
          <PhoneEntry
            grid={grid}
            index={detailsRow}
            readOnly={readOnly}
            onEdit={(row, field, text) => dispatch({ type: 'edit', row, field, text })}
            onMove={(index) => focusOn({ row: index, column: 0 })}
            onFocusRow={(index) => focusedRef.current?.row !== index && focusOn({ row: index, column: 0 })}
          />
        ) : (
          <EntryGridTable
            grid={grid}
            activeRow={activeRow}
            outliers={activeRow === detailsRow ? findings.map((f) => f.field) : []}
            onPick={goTo}
            label={ENTRY_UI.gridLabel(ret.term, ret.fiscal_year)}
            readOnly={readOnly}
            onEdit={onEdit}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onFocusCell={onFocusCell}
            onLeave={onLeave}
          />
        )}
      </div>
      <Text size="sm" role="status" aria-live="polite" data-testid="entry-announcement">
        {announcement}
      </Text>
      {phone ? null : (
        <RowDetails
          row={details}
          recent={recent}
          findings={findings}
          onKeepMine={() => dispatch({ type: 'keepMine', row: detailsRow })}
          onTakeTheirs={() => dispatch({ type: 'takeTheirs', row: detailsRow })}
        />
      )}
      {readOnly ? null : <SubmitRows ready={ready} submit={submit} />}
      <ReturnActions ret={ret} actions={actions} />
      <SignOffPeople ret={ret} />
    </Stack>
  );
}

function TermEntry({ ret }: { ret: TermReturn }) {
  const rows = useEntryRows(ret.id);
  const name = returnName(ret.institution_name, ret.fiscal_year, ret.term);
  return (
    <Page
      title={ENTRY_UI.title(ret.institution_name, ret.term, ret.fiscal_year)}
      crumbs={[
        { label: routeTitle('home'), to: '/' },
        { label: routeTitle('returns'), to: '/returns' },
        { label: name, to: `/returns/${ret.id}` },
        { label: ENTRY_UI.crumb },
      ]}
    >
      <Anchor component={Link} to={`/returns/${ret.id}`} size="sm">
        {ENTRY_UI.back}
      </Anchor>
      {rows.error ? (
        <LoadError message={rows.error.message} onRetry={() => void rows.refetch()} />
      ) : rows.isPending ? (
        <Skeleton height="20rem" />
      ) : (
        <TermGrid ret={ret} rows={rows.data} />
      )}
    </Page>
  );
}

/** `/returns/{id}/enter`: every expected program of a term return in one grid, saved row by row, signed off in place. */
export default function TermEntryPage() {
  const id = Number(useParams().id);
  const ret = useReturn(id);
  return (
    <DetailLoad query={ret} title={routeTitle('termEntry')}>
      {(found) => <TermEntry ret={found} />}
    </DetailLoad>
  );
}
