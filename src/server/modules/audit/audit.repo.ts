import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  entityType:
    'record' | 'institution' | 'program' | 'user' | 'banner' | 'session' | 'export' | 'import' | 'period' | 'return' | 'release';
  entityId: number | null;
  action: string;
  changedBy: number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row; call it inside the transaction that makes the change, so both land or neither does. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await writeAudits(db, [entry]);
}

/** Audit rows per INSERT: seven bind parameters each, far under PostgreSQL's limit. */
const AUDIT_BATCH = 500;

/** Writes many audit rows, a few hundred per statement; same transaction rule as writeAudit. */
export async function writeAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  const rows = entries.map((entry) => ({ ...entry, before: entry.before ?? null, after: entry.after ?? null }));
  for (let n = 0; n < rows.length; n += AUDIT_BATCH) await db.insert(auditLog).values(rows.slice(n, n + AUDIT_BATCH));
}

/** The audit action of an update to something soft-deletable: a delete, a reactivation, or a plain update. */
export function activationAction(wasActive: boolean, isActive: boolean): 'delete' | 'reactivate' | 'update' {
  if (wasActive && !isActive) return 'delete';
  if (!wasActive && isActive) return 'reactivate';
  return 'update';
}

/** Audits the creation of an item (institution, program) with the item as created; answers its id. */
export async function auditCreated(db: Db, entityType: AuditEntry['entityType'], created: { id: number }, changedBy: number) {
  await writeAudit(db, { entityType, entityId: created.id, action: 'create', changedBy, after: created });
  return created.id;
}

/** Audits an update of a soft-deletable item, before and after (see activationAction); answers the item as saved. */
/**
 * Whether an edit's fields all hold the stored values: such an edit is neither written nor audited, and steps no
 * version (decision 044), so it never makes another admin's open screen stale.
 */
export function editChangesNothing<T extends object>(changes: Partial<T>, before: T): boolean {
  return (Object.keys(changes) as (keyof T)[]).every((key) => changes[key] === before[key]);
}

export async function auditUpdated<T extends { id: number; active_ind: boolean }>(
  db: Db,
  entityType: AuditEntry['entityType'],
  { before, after }: { before: T; after: T },
  changedBy: number,
): Promise<T> {
  const action = activationAction(before.active_ind, after.active_ind);
  await writeAudit(db, { entityType, entityId: after.id, action, changedBy, before, after });
  return after;
}
