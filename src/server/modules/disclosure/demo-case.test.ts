import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../shared/schemas/report.ts';
import { users } from '../../db/schema.ts';
import { seedDemo } from '../../seed/demo.ts';
import { createTestContext, openTestDatabase, type TestContext } from '../../test/build-test-app.ts';
import { demoTestNow } from '../../test/demo-day.ts';
import { createUser } from '../../test/factories.ts';

/**
 * The case issue 19 was filed for, on the demo data: the demo `writer` (UVic only) asked for Humanities bachelor's
 * programs in 2024/25 and the province row was exactly TRU's own row.
 */
describe('the demo writer’s Humanities bachelor’s report', () => {
  let ctx: TestContext;
  const query = 'disciplines=Humanities&credentials=Bachelor%27s%20Degree&fiscalYearFrom=2024/25&fiscalYearTo=2024/25';

  beforeAll(async () => {
    const database = await openTestDatabase();
    await seedDemo(database, demoTestNow());
    ctx = await createTestContext({}, database);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function report(userId: number, extra = ''): Promise<Report> {
    const res = await ctx.app.inject({
      url: `/api/reports/institution?${query}${extra}`,
      headers: { cookie: await ctx.cookieFor(userId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Report;
  }

  it('shows no province figure equal to the one other institution’s own', async () => {
    const [writer] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'writer'));
    const everyone = await createUser(ctx.db, { privileges: { glblRead: true } });
    const exact = await report(everyone);
    const others = exact.rows.filter((row) => row.institution !== 'UVic');
    expect(others.map((row) => row.institution)).toEqual(['TRU']);
    const tru = others[0]!;

    const seen = await report(writer!.id);
    expect(seen.rows).toEqual([]);
    for (const column of seen.columns.filter((c) => c.kind !== 'text')) {
      if (tru[column.key] !== null) expect(seen.province[column.key], column.key).not.toEqual(tru[column.key]);
      expect(seen.province[column.key], column.key).toBeNull();
      // Humanities is released pooled with Other, so a question of its bachelor's programs takes part of a block.
      expect(seen.suppressed[column.key], column.key).toBe('partial');
    }
  });
});
