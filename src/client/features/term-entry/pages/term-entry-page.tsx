import { Alert, Anchor, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'react-router';
import { canEditInstitution } from '../../../../shared/permissions.ts';
import { isLockedReturnState, returnName } from '../../../../shared/reporting-cycle.ts';
import type { Privileges } from '../../../../shared/schemas/profile.ts';
import type { ReturnEntryRow, TermReturn } from '../../../../shared/schemas/returns.ts';
import { DetailLoad } from '../../../ui/detail-page.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { availableReturnActions, ReturnActions, SignOffPeople, useReturn } from '../../returns/index.ts';
import { useProfile } from '../../session/index.ts';
import { useEntryRows } from '../api/get-entry-rows.ts';
import { cellSelector, EntryGridTable } from '../components/entry-grid.tsx';
import { PhoneEntry } from '../components/phone-entry.tsx';
import { RowDetails } from '../components/row-details.tsx';
import { useGridKeys } from '../components/use-grid-keys.ts';
import { useRowHistory } from '../components/use-row-history.ts';
import { useRowSaver } from '../components/use-row-saver.ts';
import { useNewGridStore, useStorePart } from '../components/use-grid-store.ts';
import {
  gridHasUnsavedFigures,
  gridOf,
  GRID_FIELDS,
  sameOutlook,
  sameShownRow,
  saveRequest,
  submitOutlook,
  type ReturnPlace,
  type SubmitOutlook,
} from '../lib/entry-grid-model.ts';
import type { GridStore } from '../lib/grid-store.ts';
import { createGridViewStore, NO_OUTLIERS, type CellPosition, type GridViewStore } from '../lib/grid-view-store.ts';
import { ENTRY_UI } from '../messages.ts';

/** The sentence beside the button: why nothing is ready, or which drafts it will leave. */
function notReadyText(outlook: SubmitOutlook): string | null {
  const { ready, toFix, incomplete, unsaved } = outlook;
  if (ready.length === 0)
    return toFix.length + incomplete + unsaved === 0
      ? ENTRY_UI.submit.none
      : ENTRY_UI.submit.noneReady(toFix.length, incomplete, unsaved);
  return toFix.length + unsaved > 0 ? ENTRY_UI.submit.someLeft(toFix.length, incomplete, unsaved) : null;
}

/** What submitting did, in one message: how many were submitted, and each draft left for a problem, with the problem. */
function resultText(outlook: SubmitOutlook, done: number): string {
  const failed = outlook.ready.length - done;
  const parts = [failed ? ENTRY_UI.submit.some(done, failed) : ENTRY_UI.submit.done(done)];
  if (outlook.toFix.length > 0) parts.push(ENTRY_UI.submit.notSubmitted(outlook.toFix));
  if (outlook.incomplete + outlook.unsaved > 0) parts.push(ENTRY_UI.submit.alsoLeft(outlook.incomplete, outlook.unsaved));
  return parts.join(' ');
}

/**
 * "Submit the complete rows": saved drafts that keep every rule of submission become submitted records. It says which
 * drafts are not ready and why, before and after: a draft left silently (a split that does not add up) read as done.
 */
const SubmitRows = memo(function SubmitRows({
  store,
  submit,
}: {
  store: GridStore;
  submit: (rows: readonly number[]) => Promise<number>;
}) {
  // The same object while it says the same: a change elsewhere in the grid leaves the button alone.
  const outlook = useStorePart(store, submitOutlook, sameOutlook);
  const { ready } = outlook;
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ text: string; failed: boolean } | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const submitRows = async () => {
    setSubmitting(true);
    try {
      const done = await submit(ready);
      // Read again after the submits: a row refused meanwhile is now a row to fix.
      const after = submitOutlook(store.get());
      const text = resultText({ ...after, ready }, done);
      flushSync(() => setResult({ text, failed: done < ready.length || after.toFix.length > 0 }));
      // The button is dimmed now: the focus goes to what happened, which names any draft still to fix.
      resultRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };
  const waiting = notReadyText(outlook);
  return (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        {/* Dimmed, not disabled, when no row is ready, and no `loading` (which disables it) while submitting: a disabled
            button drops the focus, so submitting with the keyboard sent it to the top of the page. */}
        <Button
          onClick={() => {
            if (ready.length > 0 && !submitting) void submitRows();
          }}
          data-disabled={ready.length === 0 || undefined}
          aria-disabled={ready.length === 0 || undefined}
          aria-busy={submitting || undefined}
          aria-describedby={waiting ? 'entry-submit-waiting' : undefined}
          leftSection={submitting ? <Loader size="xs" color="white" aria-hidden="true" /> : undefined}
          data-testid="entry-submit"
        >
          {ENTRY_UI.submit.button(ready.length)}
        </Button>
        {waiting ? (
          <Text size="sm" c="dimmed" maw="40rem" id="entry-submit-waiting" data-testid="entry-submit-waiting">
            {waiting}
          </Text>
        ) : null}
      </Group>
      {result ? (
        <Text
          ref={resultRef}
          tabIndex={-1}
          size="sm"
          fw={600}
          c={result.failed ? '#a51d1d' : undefined}
          data-testid="entry-submit-result"
        >
          {result.text}
        </Text>
      ) : null}
    </Stack>
  );
});

/**
 * Leaving the page while a row holds figures not saved (typed, being saved, refused) asks first, as the record form
 * does; closing or reloading the tab gets the browser's own question. Its own component, reading one yes-or-no of the
 * grid, so typing and saving do not draw the page (decision 041). A save that ends while the question is open lets
 * the navigation through (ui/unsaved-changes.tsx).
 */
const UnsavedFiguresGuard = memo(function UnsavedFiguresGuard({ store }: { store: GridStore }) {
  const unsaved = useStorePart(store, gridHasUnsavedFigures);
  return useUnsavedChangesGuard(unsaved).dialog;
});

/** The name of the user-timing measure of the grid's first draw, from its first render to the frame after it is painted. */
export const GRID_DRAW_MEASURE = 'entry-grid-draw';

/** The measure of the grid drawn whole, every row with its cells, from the same start (npm run bench reports it). */
export const GRID_COMPLETE_MEASURE = 'entry-grid-complete';

/**
 * Measures the grid's first draw and its rows drawn whole (npm run bench reads them in Chromium): measures, nothing
 * else. Answers what the grid calls once every row is whole.
 */
function useDrawTiming(): () => void {
  const [start] = useState(() => performance.now());
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(() => performance.measure(GRID_DRAW_MEASURE, { start }), 0));
  }, [start]);
  return useCallback(
    () => requestAnimationFrame(() => setTimeout(() => performance.measure(GRID_COMPLETE_MEASURE, { start }), 0)),
    [start],
  );
}

/**
 * The grid's state in a store (lib/grid-store.ts): each part of the page reads the part it shows, so a change of one
 * row draws that row and what shows it, not the page. Fresh rows from the server merge in, what was typed stays; the
 * rows the grid was made from are not merged in again, which would draw all of them a second time.
 */
function useEntryGrid(rows: readonly ReturnEntryRow[]) {
  const store = useNewGridStore(() => gridOf(rows));
  const merged = useRef(rows);
  useEffect(() => {
    if (rows === merged.current) return;
    merged.current = rows;
    store.dispatch({ type: 'reload', rows });
  }, [store, rows]);
  const onRowsComplete = useDrawTiming();
  return { store, onRowsComplete };
}

/**
 * Where the focus is in the grid, kept in the view store (lib/grid-view-store.ts) so that a move draws the editor and
 * not the page. The row the editor is over is the one focused, else the last one (so Tab into the grid comes back to
 * it); `goTo` moves the editor over a cell's row, then the table focuses the cell. Leaving a row (`leaveRow`) is told
 * at once, in the handler of the key or click that leaves it, before anything is drawn: its save is on its way while
 * the editor moves (decision 041).
 */
function useGridFocus(view: GridViewStore, leaveRow: (row: number) => void, focusText: RefObject<string>) {
  const area = useRef<HTMLDivElement>(null);
  // The handlers read it before React has drawn the last move.
  const focusedRef = useRef<CellPosition | null>(null);
  const leaving = useCallback(
    (to: CellPosition | null) => {
      const from = focusedRef.current;
      if (from && from.row !== to?.row) leaveRow(from.row);
    },
    [leaveRow],
  );
  const focusOn = useCallback(
    (position: CellPosition | null) => {
      leaving(position);
      focusedRef.current = position;
      if (position) view.set({ detailsRow: position.row });
    },
    [leaving, view],
  );
  /** A cell's input took the focus: its text selected, kept as Escape's mark. */
  const onFocusCell = useCallback(
    (position: CellPosition, input: HTMLInputElement) => {
      input.select();
      focusText.current = input.value;
      focusOn(position);
    },
    [focusOn, focusText],
  );
  const goTo = useCallback(
    (position: CellPosition) => {
      leaving(position);
      if (position.row !== view.get().activeRow) {
        view.set({ activeRow: position.row, pendingFocus: position });
        return;
      }
      // In the row being edited the cell's input is there already.
      const input = area.current?.querySelector<HTMLInputElement>(cellSelector(position));
      if (!input) return;
      if (input === document.activeElement) onFocusCell(position, input);
      else input.focus();
    },
    [leaving, view, onFocusCell],
  );
  return { area, focusedRef, focusOn, onFocusCell, goTo };
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

/** The return's own actions and who signs off, below the grid: drawn again only when the return changes. */
const ReturnFooter = memo(function ReturnFooter({ ret, privileges }: { ret: TermReturn; privileges: Privileges }) {
  const actions = useMemo(() => availableReturnActions(ret, privileges), [ret, privileges]);
  return (
    <>
      <ReturnActions ret={ret} actions={actions} />
      <SignOffPeople ret={ret} />
    </>
  );
});

const MemoRowDetails = memo(RowDetails);
/** How long the focus rests on a row before the panel shows it and asks for its history. */
const PANEL_DELAY_MS = 250;

/**
 * The row focused last, once the focus has rested on it for PANEL_DELAY_MS: the component is drawn again then, not at
 * every move.
 */
function useRestingRow(view: GridViewStore): number {
  const [row, setRow] = useState(() => view.get().detailsRow);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = view.get().detailsRow;
    const unsubscribe = view.subscribe(() => {
      const next = view.get().detailsRow;
      if (next === last) return;
      last = next;
      clearTimeout(timer);
      timer = setTimeout(() => setRow(next), PANEL_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [view]);
  return row;
}

/**
 * The panel under the grid: the row last focused beside its program's history. It follows the focus once it rests on
 * a row: moving down a column does not ask the server for the history of every row on the way, nor draw the panel
 * while the row left is being saved (decision 041). It tells the grid which of the row's figures are far from that
 * history, to be marked in the row.
 */
const RowPanel = memo(function RowPanel({ store, view, place }: { store: GridStore; view: GridViewStore; place: ReturnPlace }) {
  const shownRow = useRestingRow(view);
  // The same row while what the panel shows of it is the same: not drawn again when the row starts saving. Drawn after
  // the grid: typing in the row and its save show in the row first, the panel follows when the page is free.
  const details = useDeferredValue(useStorePart(store, (grid) => grid.rows[shownRow] ?? null, sameShownRow));
  // Kept while the focus is outside the grid too: the page below must not move under a click.
  const { recent, findings } = useRowHistory(details, place);
  // None is the one empty list, so a row without findings is not drawn again when the editor comes over it.
  const fields = useMemo(() => (findings.length === 0 ? NO_OUTLIERS : findings.map((f) => f.field)), [findings]);
  useLayoutEffect(() => view.set({ outliers: { row: shownRow, fields } }), [view, shownRow, fields]);
  const { dispatch } = store;
  const onKeepMine = useCallback(() => dispatch({ type: 'keepMine', row: shownRow }), [dispatch, shownRow]);
  const onTakeTheirs = useCallback(() => dispatch({ type: 'takeTheirs', row: shownRow }), [dispatch, shownRow]);
  return <MemoRowDetails row={details} recent={recent} findings={findings} onKeepMine={onKeepMine} onTakeTheirs={onTakeTheirs} />;
});

/** One program at a time on a phone: the row last focused, moved by next and previous. */
function PhoneRows({
  store,
  view,
  readOnly,
  focusOn,
  focusedRef,
}: {
  store: GridStore;
  view: GridViewStore;
  readOnly: boolean;
  focusOn: (position: CellPosition | null) => void;
  focusedRef: RefObject<CellPosition | null>;
}) {
  const index = useStorePart(view, (at) => at.detailsRow);
  return (
    <PhoneEntry
      store={store}
      index={index}
      readOnly={readOnly}
      onMove={(row) => focusOn({ row, column: 0 })}
      onFocusRow={(row) => focusedRef.current?.row !== row && focusOn({ row, column: 0 })}
    />
  );
}

/**
 * Saves every row owed a save once the grid changes: rows a paste or an undo changed, a row left while its last save
 * was under way (changes typed meanwhile), and any row but the one being edited with something to save. A row that
 * failed waits until it is left again or changed, so a refusal is not sent over and over. Run after the change, once
 * for several changes together.
 */
function useOwedSaves(
  store: GridStore,
  flush: RefObject<Set<number>>,
  focusedRef: RefObject<CellPosition | null>,
  save: (row: number) => Promise<boolean>,
  place: ReturnPlace,
) {
  useEffect(() => {
    let queued = false;
    const saveOwed = () => {
      queued = false;
      store.get().rows.forEach((row, n) => {
        if (row.sending) return; // its turn comes when this save ends, a paste's or undo's mark kept until then
        if (!flush.current.has(n) && (n === focusedRef.current?.row || row.failed)) return;
        flush.current.delete(n);
        if (saveRequest(row, place)) void save(n);
      });
    };
    const later = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(saveOwed);
    };
    later();
    return store.subscribe(later);
  }, [store, flush, focusedRef, save, place]);
}

function TermGrid({ ret, rows }: { ret: TermReturn; rows: readonly ReturnEntryRow[] }) {
  const { profile } = useProfile();
  const phone = useMediaQuery('(max-width: 48em)');
  const { store, onRowsComplete } = useEntryGrid(rows);
  const [view] = useState(createGridViewStore);
  const { dispatch } = store;

  const { locked, readOnly } = gridAccess(ret, profile.privileges);
  const place = useMemo(
    () => ({ institutionId: ret.institution_id, fiscalYear: ret.fiscal_year, term: ret.term }),
    [ret.institution_id, ret.fiscal_year, ret.term],
  );
  const { save, submit } = useRowSaver(store, place);

  const [announcement, setAnnouncement] = useState('');
  const focusText = useRef('');
  /** Rows owed a save: left, or changed by a paste or an undo (the focused one too). */
  const flush = useRef(new Set<number>());
  // The row left is saved at once; if a save of it is still under way, it is saved again after (useOwedSaves), even
  // if the focus has come back by then.
  const leaveRow = useCallback(
    (row: number) => {
      flush.current.add(row);
      void save(row);
    },
    [save],
  );
  const { area: tableArea, focusedRef, focusOn, onFocusCell, goTo } = useGridFocus(view, leaveRow, focusText);
  useOwedSaves(store, flush, focusedRef, save, place);

  const onLeave = useCallback(() => focusOn(null), [focusOn]);

  const { onKeyDown, onPaste } = useGridKeys({
    store,
    goTo,
    readOnly,
    focusText,
    flush,
    announce: setAnnouncement,
  });

  const onEdit = useCallback(
    ({ row, column }: CellPosition, text: string) => dispatch({ type: 'edit', row, field: GRID_FIELDS[column]!, text }),
    [dispatch],
  );

  // Nothing here reads where the focus is or the rows themselves: moving the focus or saving a row leaves this
  // component alone, and each part below reads what it shows (decision 041).
  return (
    <Stack gap="md">
      <EntryIntro readOnly={readOnly} locked={locked} phone={phone} />
      {/* A grid of every figure is far wider than a page: paper gets its first columns and says where the rest are. */}
      <Text size="sm" fw={600} className="print-only" data-testid="entry-on-paper">
        {ENTRY_UI.onPaper}
      </Text>
      <div ref={tableArea}>
        {phone ? (
          <PhoneRows store={store} view={view} readOnly={readOnly} focusOn={focusOn} focusedRef={focusedRef} />
        ) : (
          <EntryGridTable
            store={store}
            view={view}
            onPick={goTo}
            label={ENTRY_UI.gridLabel(ret.term, ret.fiscal_year)}
            readOnly={readOnly}
            onEdit={onEdit}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onFocusCell={onFocusCell}
            onLeave={onLeave}
            onRowsComplete={onRowsComplete}
          />
        )}
      </div>
      <Text size="sm" role="status" aria-live="polite" data-testid="entry-announcement">
        {announcement}
      </Text>
      {phone ? null : <RowPanel store={store} view={view} place={place} />}
      {readOnly ? null : <SubmitRows store={store} submit={submit} />}
      {readOnly ? null : <UnsavedFiguresGuard store={store} />}
      <ReturnFooter ret={ret} privileges={profile.privileges} />
    </Stack>
  );
}

/** Whether the return is signed off, and whether the grid is read-only for this person (signed off, or no write right). */
function gridAccess(ret: TermReturn, privileges: Privileges): { locked: boolean; readOnly: boolean } {
  const locked = isLockedReturnState(ret.state);
  return { locked, readOnly: locked || !canEditInstitution(privileges, ret.institution_id) };
}

function TermEntry({ ret }: { ret: TermReturn }) {
  const rows = useEntryRows(ret.id);
  const { profile } = useProfile();
  const name = returnName(ret.institution_name, ret.fiscal_year, ret.term);
  // "Enter …" only to whoever may: to a reader, or on a signed-off return, the page shows the term.
  const { readOnly } = gridAccess(ret, profile.privileges);
  return (
    <Page
      title={(readOnly ? ENTRY_UI.readTitle : ENTRY_UI.title)(ret.institution_name, ret.term, ret.fiscal_year)}
      crumbs={[
        { label: routeTitle('home'), to: '/' },
        { label: routeTitle('returns'), to: '/returns' },
        { label: name, to: `/returns/${ret.id}` },
        { label: ENTRY_UI.crumb },
      ]}
    >
      <Anchor component={Link} to={`/returns/${ret.id}`} size="sm" className="no-print">
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
