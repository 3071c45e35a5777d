import { sql } from 'drizzle-orm';
import type { PastImport } from '../../../shared/schemas/import.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { editableInstitutions, readableInstitutions } from '../../../shared/permissions.ts';

/**
 * The files imports read (issue 28): each upload is stored when it is read, and kept for good by the commit that
 * imports it; the import's audit row (`entity_type` 'import') points at it by `entity_id`. Uploads no commit used are
 * dropped after a day, and each person has at most WAITING_PER_PERSON of them at a time.
 */

const WAITING_PER_PERSON = 5;

/** Stores an upload that was read; answers its id. Drops the person's uploads that no longer wait for a commit. */
export async function storeUpload(
  db: Db,
  userId: number,
  file: { name: string; contentType: string; bytes: Buffer },
): Promise<number> {
  await db.execute(
    sql`DELETE FROM import_files WHERE NOT kept AND (created_at < now() - interval '1 day' OR id IN (
          SELECT id FROM import_files WHERE user_id = ${userId} AND NOT kept
          ORDER BY id DESC OFFSET ${WAITING_PER_PERSON - 1}))`,
  );
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO import_files (user_id, file_name, content_type, size, bytes)
        VALUES (${userId}, ${file.name}, ${file.contentType}, ${file.bytes.length}, ${new Uint8Array(file.bytes)})
        RETURNING id`,
  );
  return row!.id;
}

/** Keeps the person's own waiting upload for good; false when it is not theirs, not waiting, or gone. */
export async function keepUpload(db: Db, uploadId: number, userId: number): Promise<boolean> {
  const kept = await queryRows<{ id: number }>(
    db,
    sql`UPDATE import_files SET kept = true WHERE id = ${uploadId} AND user_id = ${userId} AND NOT kept RETURNING id`,
  );
  return kept.length === 1;
}

/** Keeps what an API client sent without a file of its own (its rows as CSV); answers the new file's id. */
export async function keepSentRows(db: Db, userId: number, name: string, csv: string): Promise<number> {
  const bytes = Buffer.from(csv, 'utf8');
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO import_files (user_id, file_name, content_type, size, bytes, kept)
        VALUES (${userId}, ${name}, 'text/csv', ${bytes.length}, ${new Uint8Array(bytes)}, true) RETURNING id`,
  );
  return row!.id;
}

/**
 * The latest committed imports a person may know of: an app admin's, all; anyone else's, their own and those that
 * wrote to an institution they may edit. What an import did is counted over the records they may read (an app
 * admin's import of three UBC records and one UVic record is one record created to a UVic writer). The file is theirs
 * to download only if they made the import or are an app admin.
 */
export async function listImports(db: Db, userId: number, privileges: Privileges, limit = 50): Promise<PastImport[]> {
  const editable = editableInstitutions(privileges);
  const visible =
    editable === 'all'
      ? sql`TRUE`
      : sql`(a.changed_by = ${userId} OR EXISTS (
          SELECT 1 FROM jsonb_array_elements_text(COALESCE(a.after->'institutions', '[]'::jsonb)) AS i(id)
          WHERE i.id::int = ANY(${`{${editable.join(',')}}`}::int[])))`;
  const readable = readableInstitutions(privileges);
  /** How many of the records listed under `key` of the import's audit row the person may read. */
  const counted = (key: 'created' | 'updated' | 'overwritten' | 'keptCurrent') => {
    const ids = sql`jsonb_array_elements_text(COALESCE(a.after->(${key}::text), '[]'::jsonb)) AS x(id)`;
    return readable === 'all'
      ? sql`(SELECT count(*)::int FROM ${ids})`
      : sql`(SELECT count(*)::int FROM ${ids} JOIN records r ON r.id = x.id::int
             WHERE r.institution_id = ANY(${`{${readable.join(',')}}`}::int[]))`;
  };
  const rows = await queryRows<{
    id: number;
    at: string;
    by: string | null;
    changed_by: number | null;
    file_name_sent: string | null;
    created: number;
    updated: number;
    overwritten: number;
    kept_current: number;
    file_id: number | null;
    file_name: string | null;
    size: number | null;
  }>(
    db,
    sql`SELECT a.id::int AS id, to_char(a.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
               COALESCE(NULLIF(u.pref_name, ''), u.username) AS by, a.changed_by, a.after->>'fileName' AS file_name_sent,
               ${counted('created')} AS created, ${counted('updated')} AS updated,
               ${counted('overwritten')} AS overwritten, ${counted('keptCurrent')} AS kept_current,
               f.id AS file_id, f.file_name, f.size
        FROM audit_log a
        LEFT JOIN users u ON u.id = a.changed_by
        LEFT JOIN import_files f ON f.id = a.entity_id AND f.kept
        WHERE a.entity_type = 'import' AND a.action = 'records' AND ${visible}
        ORDER BY a.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    by: r.by,
    fileName: r.file_name_sent ?? r.file_name,
    counts: { created: r.created, updated: r.updated },
    overwritten: r.overwritten,
    keptCurrent: r.kept_current,
    file:
      r.file_id !== null && (privileges.glblAdmin || r.changed_by === userId)
        ? { id: r.file_id, name: r.file_name!, size: r.size! }
        : null,
  }));
}

/** A kept file, for its importer or an app admin only; null for anyone else, as for a file that does not exist. */
export async function readKeptFile(
  db: Db,
  fileId: number,
  userId: number,
  privileges: Privileges,
): Promise<{ name: string; contentType: string; bytes: Buffer } | null> {
  const [row] = await queryRows<{ file_name: string; content_type: string; bytes: Uint8Array; user_id: number }>(
    db,
    sql`SELECT file_name, content_type, bytes, user_id FROM import_files WHERE id = ${fileId} AND kept`,
  );
  if (!row || !(privileges.glblAdmin || row.user_id === userId)) return null;
  return { name: row.file_name, contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}
