import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions } from './db/schema.ts';
import { writeOutcome } from './refusals.ts';
import { createTestContext, type TestContext } from './test/build-test-app.ts';
import { createInstitution } from './test/factories.ts';

/**
 * writeOutcome on a real database: the unique index, not the repository's own check, catches the clash here (as when
 * a concurrent write wins the race past that check), and the refusal names the field the index guards.
 */
describe('a repository write in one transaction', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const UNIQUE = { institutions_short_name_key: ['short_name', 'Taken'] } as const;
  const clash = (shortName: string, nameCode: string) => ({
    name: `Clash ${nameCode}`,
    shortName,
    nameCode,
    institutionType: 'College',
    region: 'Kootenay',
  });
  const named = async (nameCode: string) => ctx.db.select().from(institutions).where(eq(institutions.nameCode, nameCode));

  it('answers the value of work that succeeds', async () => {
    await expect(writeOutcome(ctx.db, UNIQUE, async () => 7)).resolves.toEqual({ ok: true, value: 7 });
  });

  it('refuses on the guarded field when a named unique index is violated, undoing the work done before', async () => {
    await createInstitution(ctx.db, { shortName: 'RaceA', nameCode: 'RACEA' });
    const outcome = await writeOutcome(ctx.db, UNIQUE, async (tx) => {
      await tx.insert(institutions).values(clash('RaceB', 'RACEB'));
      await tx.insert(institutions).values(clash('racea', 'RACEC')); // the index ignores letter case
    });
    expect(outcome).toEqual({ ok: false, refusal: { kind: 'invalid', fieldErrors: { short_name: ['Taken'] } } });
    expect(await named('RACEB')).toEqual([]);
  });

  it('lets the violation of an index it does not name through, as the database error it is', async () => {
    await createInstitution(ctx.db, { nameCode: 'RACEE' });
    await expect(
      writeOutcome(ctx.db, UNIQUE, async (tx) => {
        await tx.insert(institutions).values(clash('RaceE2', 'RACEE'));
      }),
    ).rejects.toThrow();
  });
});
