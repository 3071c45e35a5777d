import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  entityType: 'record' | 'institution' | 'program' | 'user' | 'banner' | 'session' | 'export' | 'import';
  entityId: number | null;
  action: string;
  changedBy: number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row; call it inside the transaction that makes the change, so both land or neither does. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** The audit action of an update to something soft-deletable: a delete, a reactivation, or a plain update. */
export function activationAction(wasActive: boolean, isActive: boolean): 'delete' | 'reactivate' | 'update' {
  if (wasActive && !isActive) return 'delete';
  if (!wasActive && isActive) return 'reactivate';
  return 'update';
}
