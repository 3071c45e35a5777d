import { useReducer } from 'react';
import { scrubText } from '../../../../shared/schemas/text.ts';
import type { ConflictChoice, ImportRowResult } from '../../../../shared/schemas/import.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCommitImport } from '../api/commit-import.ts';
import { useDryRunImport } from '../api/dry-run-import.ts';
import { useParseImportFile } from '../api/parse-import-file.ts';
import { useRefusedRowsFile } from '../api/refused-rows-file.ts';
import {
  loadRememberedMapping,
  mappingProblems,
  rememberMapping,
  saveRememberedMapping,
  suggestMapping,
} from '../lib/column-mapping.ts';
import { checkImportFile } from '../lib/import-file.ts';
import {
  chosenConflicts,
  INITIAL_IMPORT_STATE,
  importReducer,
  importRequest,
  sameHeadings,
  type ImportState,
} from '../lib/import-flow.ts';
import { IMPORT_UI } from '../messages.ts';

/** The server's own words when it gave them (a bad file, a refused mapping), else the operation's message. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage && error.status !== 403 ? error.serverMessage : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The import screen's state (import-flow.ts) and its steps: read a file, change the matches, check, import. */
export function useImportFlow() {
  const parse = useParseImportFile();
  const dryRun = useDryRunImport();
  const commit = useCommitImport();
  const refusedRows = useRefusedRowsFile();
  const [state, dispatch] = useReducer(importReducer, INITIAL_IMPORT_STATE);

  const chooseFile = async (picked: File | null) => {
    dispatch({ type: 'choose', file: picked });
    if (!picked) return;
    const check = checkImportFile(picked);
    if (!check.ok) return dispatch({ type: 'fileRefused', message: check.message });
    try {
      // The name is kept with the file; a character the API refuses in it is replaced, never a reason to stop.
      const fileName = scrubText(picked.name, { max: 255 });
      const read = await parse.mutateAsync({ file: picked, contentType: check.contentType, fileName });
      // A corrected file with the same headings keeps the matches chosen for it; another file starts from its headings.
      const mapping = sameHeadings(state.file, read) ? null : suggestMapping(read.columns, loadRememberedMapping());
      dispatch({ type: 'fileRead', file: { ...read, name: picked.name }, mapping });
    } catch (error) {
      dispatch({ type: 'fileRefused', message: failureText(error) });
    }
  };

  const check = async () => {
    const body = importRequest(state);
    if (!body || !state.file) return;
    dispatch({ type: 'clearCommitError' });
    const problems = mappingProblems(
      state.mapping,
      { fiscalYear: state.fiscalYear, term: state.term },
      IMPORT_UI.mapping.problems,
    );
    if (problems.length > 0) return dispatch({ type: 'checkRefused', message: problems.join(' ') });
    dispatch({ type: 'checkPassed' });
    saveRememberedMapping(rememberMapping(state.file.columns, state.mapping));
    try {
      const run = await dryRun.mutateAsync(body);
      dispatch({ type: 'checked', result: { run, request: body, id: Date.now() } });
      window.requestAnimationFrame(() => document.getElementById('import-result-title')?.scrollIntoView({ block: 'start' }));
    } catch (error) {
      dispatch({ type: 'checkRefused', message: failureText(error) });
    }
  };

  const runImport = async () => {
    const { result } = state;
    if (!result) return;
    dispatch({ type: 'clearCommitError' });
    try {
      const choices = chosenConflicts(state);
      const { counts } = await commit.mutateAsync({
        ...result.request,
        fingerprint: result.run.fingerprint,
        ...(choices.length > 0 ? { choices } : {}),
      });
      dispatch({ type: 'committed', counts });
      notify({ level: 'success', message: IMPORT_UI.commit.success(counts.create, counts.update) });
    } catch (error) {
      dispatch({ type: 'commitFailed', message: failureText(error) });
      // Something changed since the check (or a row went wrong): show what the file would do now.
      try {
        const run = await dryRun.mutateAsync(result.request);
        dispatch({ type: 'rechecked', result: { run, request: result.request, id: Date.now() } });
      } catch {
        // The commit's message already says what went wrong.
      }
    }
  };

  /** The refused rows of the check, as a file to correct: the check's own request, with the file's headings. */
  const downloadRefused = async () => {
    const { result, file } = state;
    if (!result || !file) return;
    try {
      await refusedRows.mutateAsync({ ...result.request, columns: file.columns });
    } catch (error) {
      notify({ level: 'error', message: failureText(error) });
    }
  };

  return {
    state,
    downloadRefused,
    downloadingRefused: refusedRows.isPending,
    reading: parse.isPending,
    checking: dryRun.isPending,
    committing: commit.isPending,
    chooseFile,
    edit: (changes: Partial<Pick<ImportState, 'mapping' | 'fiscalYear' | 'term'>>) => dispatch({ type: 'edit', changes }),
    check,
    runImport,
    startAgain: () => dispatch({ type: 'startAgain' }),
    chooseConflict: (rows: ImportRowResult[], keep: ConflictChoice) => dispatch({ type: 'chooseConflict', rows, keep }),
  };
}
