import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import {
  createRecord,
  duplicateRecordId,
  getRecord,
  RECORDS_ROOT_KEY,
  staleSaveCurrent,
  updateRecord,
} from '../../records/index.ts';
import { RETURNS_QUERY_KEY } from '../../returns/index.ts';
import { isTermHistoryQuery } from '../api/get-recent-terms.ts';
import { saveRequest, type ReturnPlace } from '../lib/entry-grid-model.ts';
import type { GridStore } from '../lib/grid-store.ts';
import { ENTRY_UI } from '../messages.ts';

/** A refusal to show in the row (the server's words and fields), or null for a failure worth trying again. */
function refusalOf(error: unknown): { message: string; fieldErrors: Record<string, string[]> } | null {
  if (!isApiError(error) || error.status === undefined) return null;
  if (error.status >= 500 || error.status === 408 || error.status === 429) return null;
  return { message: error.serverMessage ?? error.message, fieldErrors: error.fieldErrors ?? {} };
}

/**
 * Saves one row through the one record store (PUT /api/records for a new record, PATCH /api/records/{id} against the
 * version the row shows), one save per row at a time. A stale version or a record made meanwhile by someone else is
 * never written over: the row shows theirs beside its own figures and asks. The request is sent in the call itself,
 * with the row as it is now (the store's state, not the last drawn), so a save started by a key leaves at once.
 */
export function useRowSaver(store: GridStore, place: ReturnPlace) {
  const { dispatch } = store;
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<number>());
  /**
   * After a write: what other pages show of records and returns is read again when next shown. On this page a save
   * changes nothing else shown but the return's counts (and so its state), and only when it made a record or changed a
   * status: only then is the return read again at once. The programs' earlier terms and their medians, which the
   * panel shows, do not change with this term's records and are kept. Every save reading the return, its sign-off
   * people and the row's history again was four requests on the server's back for each row left (decision 041).
   */
  const refresh = useCallback(
    (returnChanged: boolean) => {
      void queryClient.invalidateQueries({
        queryKey: RECORDS_ROOT_KEY,
        predicate: (q) => !isTermHistoryQuery(q.queryKey, place),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({
        queryKey: RETURNS_QUERY_KEY,
        predicate: (q) => q.queryKey[1] !== 'entry',
        refetchType: returnChanged ? 'active' : 'none',
      });
    },
    [queryClient, place],
  );

  const save = useCallback(
    async (index: number): Promise<boolean> => {
      const row = store.get().rows[index];
      if (!row || inFlight.current.has(index)) return false;
      const request = saveRequest(row, place);
      if (!request) return false;
      inFlight.current.add(index);
      // The request leaves first, then the row says it is saving: nothing the page does delays the request.
      const answer =
        request.kind === 'create'
          ? createRecord(request.body).then((id) => getRecord(id))
          : updateRecord(request.id, request.body);
      dispatch({ type: 'sending', row: index, sent: request.sent });
      try {
        const saved = await answer;
        // Free before the row shows it saved: the save that follows (changes typed meanwhile) must find it free.
        inFlight.current.delete(index);
        dispatch({ type: 'saved', row: index, record: saved });
        // After the row is drawn as saved: reading the return again is for later.
        setTimeout(() => refresh(request.kind === 'create'), 0);
        return true;
      } catch (error) {
        inFlight.current.delete(index);
        const current = staleSaveCurrent(error);
        const existing = duplicateRecordId(error);
        if (current) dispatch({ type: 'newer', row: index, record: current });
        else if (existing !== null) dispatch({ type: 'newer', row: index, record: await getRecord(existing) });
        else {
          const refusal = refusalOf(error);
          dispatch({ type: 'failed', row: index, ...(refusal ?? { message: ENTRY_UI.saveFailed, fieldErrors: {} }) });
          if (refusal) refresh(true); // a lock, say: the return's state shown here may be out of date
        }
        return false;
      } finally {
        inFlight.current.delete(index);
      }
    },
    [store, dispatch, place, refresh],
  );

  /** Submits saved complete drafts one by one, each against its version; answers how many were submitted. */
  const submit = useCallback(
    async (indices: readonly number[]): Promise<number> => {
      let done = 0;
      for (const index of indices) {
        const record = store.get().rows[index]?.record;
        if (!record || inFlight.current.has(index)) continue;
        inFlight.current.add(index);
        dispatch({ type: 'sending', row: index, sent: {} });
        try {
          dispatch({
            type: 'saved',
            row: index,
            record: await updateRecord(record.id, { version: record.version, status: 'submitted' }),
          });
          done++;
        } catch (error) {
          const current = staleSaveCurrent(error);
          if (current) dispatch({ type: 'newer', row: index, record: current });
          else
            dispatch({ type: 'failed', row: index, ...(refusalOf(error) ?? { message: ENTRY_UI.saveFailed, fieldErrors: {} }) });
        } finally {
          inFlight.current.delete(index);
        }
      }
      refresh(true);
      return done;
    },
    [store, dispatch, refresh],
  );

  return { save, submit };
}
