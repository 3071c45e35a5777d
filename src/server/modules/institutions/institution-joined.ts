import type { Db } from '../../db/client.ts';
import { port } from '../../port.ts';

/**
 * What else an institution needs when it starts to report, a new one or one made active again: its term returns of
 * the periods still to come due (docs/reporting-cycle.md). The returns module makes them (returns/periods.repo.ts);
 * institutions sit below returns and never import them, so app.ts provides it through this port (decision 039). It
 * runs in the transaction that creates or reactivates the institution.
 */
export type InstitutionJoined = (db: Db, institutionId: number) => Promise<void>;

export const institutionJoined = port<InstitutionJoined>('the term returns of an institution that starts to report');
