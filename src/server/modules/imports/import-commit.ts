import type { ImportCounts, ImportDryRun } from '../../../shared/schemas/import.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, invalidField, refused, returnLocked, returnLockedBy, type Outcome } from '../../refusals.ts';
import { writeAudit } from '../audit/audit.repo.ts';
import { insertRecords, ONE_RECORD_PER_TERM, updateRecords } from '../records/record-store.ts';
import { CSV_BOM, csvLines } from '../../files/table-files.ts';
import { planImport } from './import-plan.ts';
import { keepSentRows, keepUpload } from './kept-files.repo.ts';
import type { PreparedImport } from './read-cells.ts';

/**
 * The counts written, or why nothing was: rows with errors (rejected, with the dry run), rows of a submitted or approved
 * term return (return-locked, with the dry run when the plan saw them), records changed after the file was made with
 * no choice made (conflict import_conflict, with the dry run), a change or an addition meanwhile (conflict), or an
 * upload that is gone (invalid `uploadId`). The route chooses the status.
 */
export type ImportCommitResult = Outcome<ImportCounts>;

/** What a refusal of the planned import carries: its dry run, for the rows to be shown again. */
const withDryRun = (result: ImportDryRun) => ({ result });

const refusedMessage = (n: number) =>
  `Nothing was imported: ${n.toLocaleString('en-CA')} row${n === 1 ? ' has' : 's have'} errors. Correct the file, check it again, then import.`;
const conflictMessage = (n: number) =>
  `Nothing was imported: ${n.toLocaleString('en-CA')} row${n === 1 ? '’s record was' : 's’ records were'} changed after this file was made. ` +
  'For each, choose to keep the file’s values or the current ones, then import.';
const UPLOAD_GONE =
  'This file was not read for you, or it was imported already, or it was read more than a day ago. Choose the file again, check it, then import.';
const CHANGED =
  'Records in this file were changed or added by someone else after you checked it. Nothing was imported: check the file again to see what it would do now.';
const RACED =
  'Someone else added a record for one of these programs and terms while the import ran. Nothing was imported: check the file again, then import.';

/**
 * Writes an import in one transaction: the plan is made again under row locks; any row with an error (or a record
 * added by someone else meanwhile, or a row of a submitted or approved term return) and nothing is written. The writes go through the record store like any edit:
 * each created or updated record gets its own audit row there, and the import one more (who, when, how many).
 */
export async function commitImport(
  db: Db,
  prepared: PreparedImport,
  user: { id: number; privileges: Privileges },
): Promise<ImportCommitResult> {
  const { request } = prepared;
  try {
    return await db.transaction(async (tx): Promise<ImportCommitResult> => {
      // The file is kept with the import (issue 28): the upload it was read from, or what was sent, as CSV.
      if (request.uploadId !== undefined && !(await keepUpload(tx, request.uploadId, user.id))) {
        return refused(invalidField('uploadId', UPLOAD_GONE));
      }
      const plan = await planImport(tx, prepared, user.privileges, { lock: true });
      const result = { counts: plan.counts, rows: plan.rows, fingerprint: plan.fingerprint };
      // Rows of a submitted or approved return cannot be put right in the file: that refusal comes first.
      if (plan.lockedReturns.length > 0) return refused({ ...returnLocked(plan.lockedReturns), details: withDryRun(result) });
      if (plan.counts.error > 0) {
        return refused({ kind: 'rejected', message: refusedMessage(plan.counts.error), details: withDryRun(result) });
      }
      // A record changed after the file was made, with no choice made for it as it is now (the choice may have been
      // made against an older version, if it changed again since the check): nothing is written.
      if (plan.counts.conflict > 0) {
        return refused(conflict(conflictMessage(plan.counts.conflict), 'import_conflict', withDryRun(result)));
      }
      if (request.fingerprint !== undefined && request.fingerprint !== plan.fingerprint) {
        return refused(conflict(CHANGED));
      }
      // Updates first, each changed like a PATCH from the record as the locked plan read it; then the creates.
      const updates = plan.writes.filter((w) => w.kind === 'update');
      const outcome = await updateRecords(tx, updates, user.id);
      // Cannot happen under the plan's locks; if it did, nothing was written.
      if (!outcome.ok) return refused(conflict(CHANGED));
      const created = await insertRecords(
        tx,
        plan.writes.filter((w) => w.kind === 'create'),
        user.id,
      );
      const fileId =
        request.uploadId ?? (await keepSentRows(tx, user.id, request.fileName ?? 'import.csv', CSV_BOM + csvLines(request.rows)));
      const institutions = new Set(plan.writes.map((w) => (w.kind === 'create' ? w.institutionId : w.before.institution_id)));
      await writeAudit(tx, {
        entityType: 'import',
        // The file the import read, kept with it (kept-files.repo.ts).
        entityId: fileId,
        action: 'records',
        changedBy: user.id,
        after: {
          fileName: request.fileName ?? null,
          fiscalYear: request.fiscalYear ?? null,
          term: request.term ?? null,
          counts: plan.counts,
          institutions: [...institutions],
          created: created.map((r) => r.id),
          updated: updates.map((w) => w.before.id),
          // What the person chose for each record that changed after the file was made (issue 28).
          overwritten: updates.filter((w) => w.overwrite).map((w) => w.before.id),
          keptCurrent: plan.rows.filter((r) => r.conflict?.choice === 'current').map((r) => r.recordId),
        },
      });
      return { ok: true, value: plan.counts };
    });
  } catch (err) {
    // A return signed off between the plan and the writes: the record store refused, and nothing was written.
    const locked = returnLockedBy(err);
    if (locked) return refused(locked);
    if (uniqueViolation(err) === ONE_RECORD_PER_TERM) return refused(conflict(RACED));
    throw err;
  }
}
