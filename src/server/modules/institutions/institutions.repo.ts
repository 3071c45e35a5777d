import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type {
  Institution,
  InstitutionCreate,
  InstitutionRoleHolder,
  InstitutionUpdate,
} from '../../../shared/schemas/institution.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { institutions } from '../../db/schema.ts';
import {
  NOT_FOUND,
  Refused,
  refuseStaleEdit,
  staleEditSentence,
  writeOutcome,
  type Outcome,
  type UniqueFields,
} from '../../refusals.ts';
import { auditCreated, auditUpdated, editChangesNothing } from '../audit/audit.repo.ts';
import { institutionJoined } from './institution-joined.ts';

type Row = typeof institutions.$inferSelect;

const toInstitution = (r: Row): Institution => ({
  id: r.id,
  name: r.name,
  short_name: r.shortName,
  name_code: r.nameCode,
  institution_type: r.institutionType as Institution['institution_type'],
  region: r.region as Institution['region'],
  active_ind: r.activeInd,
  version: r.version,
});

const SHORT_NAME_TAKEN = 'Another institution already uses this short name';
const NAME_CODE_TAKEN = 'Another institution already uses this name code';

/** Refuses a short name or name code another institution holds (ignoring letter case), naming each field taken. */
async function assertUnique(db: Db, values: { short_name?: string; name_code?: string }, exceptId?: number): Promise<void> {
  const clauses = [
    values.short_name ? sql`lower(${institutions.shortName}) = lower(${values.short_name})` : undefined,
    values.name_code ? sql`lower(${institutions.nameCode}) = lower(${values.name_code})` : undefined,
  ].filter(Boolean);
  if (clauses.length === 0) return;
  const clashes = await db
    .select({ shortName: institutions.shortName, nameCode: institutions.nameCode })
    .from(institutions)
    .where(and(or(...clauses), exceptId ? ne(institutions.id, exceptId) : undefined));
  const fieldErrors: Record<string, string[]> = {};
  for (const c of clashes) {
    if (values.short_name && c.shortName.toLowerCase() === values.short_name.toLowerCase())
      fieldErrors.short_name = [SHORT_NAME_TAKEN];
    if (values.name_code && c.nameCode.toLowerCase() === values.name_code.toLowerCase())
      fieldErrors.name_code = [NAME_CODE_TAKEN];
  }
  if (Object.keys(fieldErrors).length > 0) throw new Refused({ kind: 'invalid', fieldErrors });
}

/** A concurrent insert can still win the race past assertUnique: the unique index decides, reported the same way. */
const UNIQUE: UniqueFields = {
  institutions_short_name_key: ['short_name', SHORT_NAME_TAKEN],
  institutions_name_code_key: ['name_code', NAME_CODE_TAKEN],
};

/** Every institution, active or not, by name. */
export async function listInstitutions(db: Db): Promise<Institution[]> {
  return (await db.select().from(institutions).orderBy(asc(institutions.name))).map(toInstitution);
}

/** One institution, or null. */
export async function findInstitution(db: Db, id: number): Promise<Institution | null> {
  const [row] = await db.select().from(institutions).where(eq(institutions.id, id));
  return row ? toInstitution(row) : null;
}

/** Creates an institution (always active), audited in the same transaction. */
export function createInstitution(db: Db, input: InstitutionCreate, userId: number): Promise<Outcome<number>> {
  return writeOutcome(db, UNIQUE, async (tx) => {
    await assertUnique(tx, input);
    const [row] = await tx
      .insert(institutions)
      .values({
        name: input.name,
        shortName: input.short_name,
        nameCode: input.name_code,
        institutionType: input.institution_type,
        region: input.region,
        activeInd: true,
      })
      .returning();
    // A new institution reports from the periods still to come due (docs/reporting-cycle.md).
    await institutionJoined.call(tx, row!.id);
    return auditCreated(tx, 'institution', toInstitution(row!), userId);
  });
}

/** Applies a partial update (soft delete is active_ind false), audited with before and after. */
export function updateInstitution(db: Db, id: number, patch: InstitutionUpdate, userId: number): Promise<Outcome<Institution>> {
  return writeOutcome(db, UNIQUE, async (tx) => {
    const [current] = await tx.select().from(institutions).where(eq(institutions.id, id)).for('update');
    if (!current) throw new Refused(NOT_FOUND);
    const before = toInstitution(current);
    refuseStaleEdit(patch.version, before, 'institution_version', staleEditSentence(before.name));
    const { version: _read, ...changes } = patch;
    if (editChangesNothing(changes, before)) return before;
    await assertUnique(tx, patch, id);
    const [row] = await tx
      .update(institutions)
      .set({
        name: patch.name,
        shortName: patch.short_name,
        nameCode: patch.name_code,
        institutionType: patch.institution_type,
        region: patch.region,
        activeInd: patch.active_ind,
        version: sql`${institutions.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(institutions.id, id))
      .returning();
    // A reactivated one too.
    if (!current.activeInd && row!.activeInd) await institutionJoined.call(tx, id);
    return auditUpdated(tx, 'institution', { before, after: toInstitution(row!) }, userId);
  });
}

/** The users who hold read, write or admin on an institution. */
export async function institutionRoleHolders(db: Db, id: number): Promise<InstitutionRoleHolder[]> {
  return queryRows<InstitutionRoleHolder>(
    db,
    sql`SELECT u.id, u.username, u.pref_name AS "prefName", u.email,
               json_agg(p.level ORDER BY array_position(ARRAY['read','write','admin'], p.level)) AS levels
        FROM user_privileges p JOIN users u ON u.id = p.user_id
        WHERE p.institution_id = ${id} AND u.active
        GROUP BY u.id ORDER BY u.username`,
  );
}
