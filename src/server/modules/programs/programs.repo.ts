import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Program, ProgramCreate, ProgramUpdate } from '../../../shared/schemas/program.ts';
import type { Db } from '../../db/client.ts';
import { institutions, programs } from '../../db/schema.ts';
import {
  NOT_FOUND,
  refuse,
  Refused,
  refuseStaleEdit,
  staleEditSentence,
  writeOutcome,
  type Outcome,
  type UniqueFields,
} from '../../refusals.ts';
import { auditCreated, auditUpdated, editChangesNothing } from '../audit/audit.repo.ts';

type Row = typeof programs.$inferSelect;

const toProgram = (r: Row): Program => ({
  id: r.id,
  institution_id: r.institutionId,
  name: r.name,
  discipline: r.discipline as Program['discipline'],
  credential: r.credential as Program['credential'],
  wil_type: r.wilType as Program['wil_type'],
  coop_model: r.coopModel as Program['coop_model'],
  participation: r.participation as Program['participation'],
  accredited: r.accredited,
  cip_code: r.cipCode,
  active_ind: r.activeInd,
  version: r.version,
});

const NAME_TAKEN = 'This institution already has a program with this name';
const COOP = 'Co-operative Education';

async function assertActiveInstitution(db: Db, institutionId: number): Promise<void> {
  const [row] = await db.select({ active: institutions.activeInd }).from(institutions).where(eq(institutions.id, institutionId));
  if (!row) throw refuse('institution_id', 'No institution has this id');
  if (!row.active) throw refuse('institution_id', 'This institution is inactive; reactivate it before adding programs to it');
}

async function assertUniqueName(db: Db, institutionId: number, name: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(
      and(
        eq(programs.institutionId, institutionId),
        sql`lower(${programs.name}) = lower(${name})`,
        exceptId ? ne(programs.id, exceptId) : undefined,
      ),
    );
  if (clash) throw refuse('name', NAME_TAKEN);
}

/** A concurrent insert can still win the race past assertUniqueName: the unique index decides, reported the same way. */
const UNIQUE: UniqueFields = { programs_institution_name_key: ['name', NAME_TAKEN] };

/** Every program, active or not, by institution and name. */
export async function listPrograms(db: Db): Promise<Program[]> {
  return (await db.select().from(programs).orderBy(asc(programs.institutionId), asc(programs.name))).map(toProgram);
}

/** One program, or null. */
export async function findProgram(db: Db, id: number): Promise<Program | null> {
  const [row] = await db.select().from(programs).where(eq(programs.id, id));
  return row ? toProgram(row) : null;
}

/** Creates a program (always active) under an active institution, audited in the same transaction. */
export function createProgram(db: Db, input: ProgramCreate, userId: number): Promise<Outcome<number>> {
  return writeOutcome(db, UNIQUE, async (tx) => {
    await assertActiveInstitution(tx, input.institution_id);
    await assertUniqueName(tx, input.institution_id, input.name);
    const [row] = await tx
      .insert(programs)
      .values({
        institutionId: input.institution_id,
        name: input.name,
        discipline: input.discipline,
        credential: input.credential,
        wilType: input.wil_type,
        coopModel: input.coop_model ?? null,
        participation: input.participation,
        accredited: input.accredited ?? false,
        cipCode: input.cip_code ?? null,
        activeInd: true,
      })
      .returning();
    return auditCreated(tx, 'program', toProgram(row!), userId);
  });
}

/** Applies a partial update (removal is active_ind false); the merged program must still pass every rule. */
export function updateProgram(db: Db, id: number, patch: ProgramUpdate, userId: number): Promise<Outcome<Program>> {
  return writeOutcome(db, UNIQUE, async (tx) => {
    const [current] = await tx.select().from(programs).where(eq(programs.id, id)).for('update');
    if (!current) throw new Refused(NOT_FOUND);
    const before = toProgram(current);
    refuseStaleEdit(patch.version, before, 'program_version', staleEditSentence(before.name));
    const { version: _read, ...changes } = patch;
    if (editChangesNothing(changes, before)) return before;
    const merged = { ...before, ...changes };
    if (merged.institution_id !== before.institution_id) {
      // Records name both the program and its institution; moving a program would split them.
      throw refuse('institution_id', 'A program cannot move to another institution; add a new program there instead');
    }
    if (merged.coop_model && merged.wil_type !== COOP) {
      throw refuse('coop_model', `Co-op model applies only to ${COOP} programs; clear it or keep the WIL type`);
    }
    if (patch.name !== undefined) await assertUniqueName(tx, merged.institution_id, merged.name, id);
    if (!before.active_ind && merged.active_ind) await assertActiveInstitution(tx, merged.institution_id);
    const [row] = await tx
      .update(programs)
      .set({
        name: patch.name,
        discipline: patch.discipline,
        credential: patch.credential,
        wilType: patch.wil_type,
        coopModel: patch.coop_model,
        participation: patch.participation,
        accredited: patch.accredited,
        cipCode: patch.cip_code,
        activeInd: patch.active_ind,
        version: sql`${programs.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(programs.id, id))
      .returning();
    return auditUpdated(tx, 'program', { before, after: toProgram(row!) }, userId);
  });
}
