import type { Db } from '../../db/client.ts';
import { port } from '../../port.ts';

/**
 * What the record store asks before it writes (docs/decisions/021, 039): may records of these terms of these
 * institutions change now? The answer is the returns module's (its lock of submitted and approved term returns,
 * returns/return-lock.ts), which records, sitting below returns, never imports: app.ts provides it here. The guard
 * holds what it needs for the rest of the caller's transaction and throws `Refused` (return-locked) to refuse.
 */

/** The term of an institution a record belongs to: its term return's key. */
export interface RecordTermKey {
  institutionId: number;
  fiscalYear: string;
  term: string;
}

export type RecordWriteGuard = (db: Db, keys: readonly RecordTermKey[]) => Promise<void>;

export const recordWriteGuard = port<RecordWriteGuard>('the record store’s guard of term returns');
