import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_FIELDS, MONEY_FIELDS } from '../../../shared/record-rules.ts';
import type { ImportField, ImportRowResult } from '../../../shared/schemas/import.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { hostileText } from '../../test/hostile-text.ts';
import { createProgram, VALID_FIGURES } from '../../test/record-factories.ts';

/**
 * Issue 17: the dry run and the commit apply the same text rule to every cell, so a row the dry run calls clean is
 * one the commit writes. A NUL in a notes cell used to pass the dry run and make the commit's INSERT fail with a 500.
 */

const FIGURES = [...COUNT_FIELDS, ...MONEY_FIELDS] as const;
/** Columns: institution, program, fiscal year, term, status, the figures, notes. */
const mapping: Partial<Record<ImportField, number>> = { institution: 0, program: 1, fiscal_year: 2, term: 3, status: 4 };
FIGURES.forEach((field, i) => (mapping[field] = 5 + i));
mapping.notes = 5 + FIGURES.length;

let year = 1950;
/** A row for a fresh fiscal year, so every row creates a record. */
function row(institution: string, program: string, notes: string): string[] {
  year++;
  const fiscalYear = `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
  return [institution, program, fiscalYear, 'Fall', 'submitted', ...FIGURES.map((f) => String(VALID_FIGURES[f])), notes];
}

describe('imports: the text rule on every cell, the same in the dry run and the commit', () => {
  let ctx: TestContext;
  let cookie: string;
  let shortName: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    shortName = 'TXT';
    const institution = await createInstitution(ctx.db, { shortName, name: 'Text College' });
    await createProgram(ctx.db, institution, { name: 'Études coopératives' });
    cookie = await ctx.cookieFor(await createUser(ctx.db, { username: 'import-admin', privileges: { glblAdmin: true } }));
  }, 120_000);
  afterAll(() => ctx.close());

  const post = (path: 'dry-run' | 'commit', body: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/imports/${path}`, headers: { cookie }, payload: body });
  const counts = async () =>
    (
      await queryRows<{ records: number; audits: number }>(
        ctx.db,
        sql`SELECT (SELECT count(*)::int FROM records) AS records, (SELECT count(*)::int FROM audit_log) AS audits`,
      )
    )[0]!;

  it.each([
    [
      'notes',
      'a NUL in notes',
      (r: string[]) => (r[r.length - 1] = 'Fine\u0000then not'),
      'Notes cannot contain control characters',
    ],
    ['notes', 'DEL in notes', (r: string[]) => (r[r.length - 1] = 'x\u007F'), 'Notes cannot contain control characters'],
    [
      'notes',
      'half of an emoji in notes',
      (r: string[]) => (r[r.length - 1] = 'x\uD83D'),
      'Notes contains half of a character (a broken emoji or symbol); delete it and type it again',
    ],
    [
      'institution',
      'a NUL in the institution',
      (r: string[]) => (r[0] = 'TXT\u0000'),
      'Institution cannot contain control characters',
    ],
    [
      'program',
      'a line break in the program',
      (r: string[]) => (r[1] = 'Études\ncoopératives'),
      'Program must be a single line, without line breaks or tabs',
    ],
  ])(
    '%s: %s is a row error in the dry run, and the commit refuses it the same way (400, nothing written)',
    async (field, _what, spoil, message) => {
      const bad = row(shortName, 'Études coopératives', 'ok');
      spoil(bad);
      const body = { mapping, rows: [row(shortName, 'Études coopératives', 'clean row'), bad] };
      const before = await counts();

      const check = await post('dry-run', body);
      expect(check.statusCode, check.body).toBe(200);
      const rows = check.json().rows as ImportRowResult[];
      expect(rows.map((r) => r.action)).toEqual(['create', 'error']);
      expect(rows[1]!.errors).toEqual([expect.objectContaining({ field, message })]);

      const res = await post('commit', { ...body, fingerprint: check.json().fingerprint });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().result.rows).toEqual(rows);
      expect(await counts()).toEqual(before);
    },
  );

  it('the file name, kept in the audit history, is refused with a 400 naming it when it holds a NUL', async () => {
    const before = await counts();
    const res = await post('commit', { mapping, rows: [row(shortName, 'Études coopératives', '')], fileName: 'a\u0000.csv' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({ fileName: ['fileName cannot contain control characters'] });
    expect(await counts()).toEqual(before);
  });

  it('cells are read as NFC and trimmed: a decomposed accent names the program, Windows line ends in notes become \\n', async () => {
    const body = { mapping, rows: [row(` ${shortName} `, 'E\u0301tudes coope\u0301ratives', ' first\r\nsecond\tcolumn ')] };
    const check = await post('dry-run', body);
    expect(check.json().counts).toMatchObject({ create: 1, error: 0 });
    const res = await post('commit', { ...body, fingerprint: check.json().fingerprint });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await queryRows<{ notes: string }>(ctx.db, sql`SELECT notes FROM records ORDER BY id DESC LIMIT 1`);
    expect(stored!.notes).toBe('first\nsecond\tcolumn');
  });

  it('any notes, institution or program text: a row the dry run calls clean commits, as the dry run showed it; one it refuses writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        fc.constantFrom(shortName, ` ${shortName}`, `${shortName}\u0000`, `${shortName}\u0085`),
        fc.constantFrom(
          'Études coopératives',
          'E\u0301tudes coope\u0301ratives',
          'Études\u0000coopératives',
          'Études coopératives\uFFFF',
        ),
        async (notes, institution, program) => {
          const body = { mapping, rows: [row(institution, program, notes)] };
          const check = await post('dry-run', body);
          expect(check.statusCode, check.body).toBe(200);
          const [result] = check.json().rows as ImportRowResult[];
          const before = await counts();
          const res = await post('commit', { ...body, fingerprint: check.json().fingerprint });
          if (result!.action === 'create') {
            expect(res.statusCode, res.body).toBe(200);
            const [stored] = await queryRows<{ notes: string | null }>(
              ctx.db,
              sql`SELECT notes FROM records ORDER BY id DESC LIMIT 1`,
            );
            const shown = result!.changes!.find((c) => c.field === 'notes')?.after ?? null;
            expect(stored!.notes).toBe(shown);
          } else {
            expect(result!.action).toBe('error');
            expect(res.statusCode, res.body).toBe(400);
            expect(await counts()).toEqual(before);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
