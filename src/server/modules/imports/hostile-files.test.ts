import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE } from '../../../shared/schemas/import.ts';
import { auditLog, records } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';
import { createMatrixCaller } from '../../test/matrix.ts';
import { heavyWorkbook, hostileFiles, workbookWithHiddenImageBomb, type HostileFile } from '../../test/hostile-spreadsheets.ts';
import { peakConcurrentParses } from './parse-in-worker.ts';

/**
 * Issue 17: a small hostile spreadsheet (a ZIP bomb, deep nesting, thousands of sheets, overlapping entries, CSV of
 * blank lines or commas) must be refused by name, quickly, without holding up anyone else's requests or keeping the
 * memory it made the server use. Another client keeps reading records throughout; its slowest read is compared with
 * its reads on a quiet server, measured in this same test (never against a wall-clock time).
 */

/**
 * How much slower than quiet reads (their 99th percentile) the 99th percentile of reads during uploads may be. Parsing
 * the heavy workbook on the event loop made it 34× on a machine loaded 6 to 1 (more on a quiet one); in the worker
 * process it stayed under 3×. (Each upload forks a worker, which on a loaded machine costs the odd read some tens of
 * milliseconds: hence a percentile rather than the slowest read.)
 */
const LATENCY_RATIO_BOUND = 10;
/** How much the process's resident memory may have grown once the hostile files are done with. */
const RSS_GROWTH_BOUND_MB = 150;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
/**
 * Other work on a shared machine can slow the reads of one round and not the other; a parse on the event loop slows
 * every round (over 100× when tried). So a latency ratio is measured up to three times and the best round counts.
 */
async function bestOfThree(round: () => Promise<{ ratio: number; report: string }>) {
  let best = { ratio: Infinity, report: '' };
  for (let attempt = 0; attempt < 3 && best.ratio >= LATENCY_RATIO_BOUND; attempt++) {
    const result = await round();
    console.info(result.report);
    if (result.ratio < best.ratio) best = result;
  }
  return best;
}
const rssMb = () => process.memoryUsage().rss / (1024 * 1024);

describe('hostile spreadsheets: refused by name, off the event loop, memory given back', () => {
  let ctx: TestContext;
  let writer: string;
  let reader: string;
  /** Four writers of one institution: one person may have only two files read at once (MAX_PARSES_PER_PERSON). */
  let uploaders: string[];
  let files: HostileFile[];

  beforeAll(async () => {
    ctx = await createTestContext();
    const { matrix } = await createMatrixCaller(ctx);
    writer = await ctx.cookieFor(matrix.users.writer);
    reader = await ctx.cookieFor(matrix.users.reader);
    uploaders = [];
    for (let n = 0; n < 4; n++) {
      const id = await createUser(ctx.db, { username: `uploader-${n}`, privileges: { write: [matrix.institutions.own] } });
      uploaders.push(await ctx.cookieFor(id));
    }
    files = hostileFiles();
  });
  afterAll(() => ctx.close());

  const upload = (bytes: Buffer, contentType: string, as = writer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/imports/parse',
      payload: bytes,
      headers: { 'content-type': contentType, cookie: as },
    });

  /**
   * One cheap read, as another user's browser would make it, then a turn of the event loop (in-process reads can
   * settle through promises alone; a blocked loop must show in the time, as it would for reads over a network).
   * Its time in milliseconds.
   */
  async function timedRead(): Promise<number> {
    const started = performance.now();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/records?pageSize=1', headers: { cookie: reader } });
    await new Promise((resolve) => setImmediate(resolve));
    const took = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    return took;
  }

  /** Reads one after another until `work` settles; the time of each. */
  async function readsDuring(work: Promise<unknown>): Promise<number[]> {
    let settled = false;
    void work.finally(() => (settled = true));
    const times: number[] = [];
    while (!settled) times.push(await timedRead());
    return times;
  }

  const counts = async () => [
    (await ctx.db.select({ id: records.id }).from(records)).length,
    (await ctx.db.select({ id: auditLog.id }).from(auditLog)).length,
  ];

  it('refuses each hostile file with a 400 or 413 naming the limit, while other reads stay fast, and gives the memory back', async () => {
    // Warm up: the first parse starts the worker machinery, the first reads prepare their statements.
    expect((await upload(Buffer.from('Institution,Program\nUVic,Arts\n'), 'text/csv')).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) await timedRead();

    const before = await counts();
    const rssBefore = rssMb();

    const best = await bestOfThree(async () => {
      const quiet: number[] = [];
      for (let i = 0; i < 200; i++) quiet.push(await timedRead());
      const quietP99 = percentile(quiet, 99);
      const report: string[] = [];
      const allDuring: number[] = [];
      for (const file of files) {
        const started = performance.now();
        const answer = upload(file.bytes, file.contentType);
        const during = await readsDuring(answer);
        const res = await answer;
        const answeredIn = performance.now() - started;
        expect(res.statusCode, `${file.name}: ${res.body}`).toBe(file.status);
        expect(res.json().message, file.name).toMatch(file.message);
        expect(Object.keys(res.json().fieldErrors ?? {}), file.name).toEqual(['file']);
        allDuring.push(...during);
        report.push(
          `${file.name}: ${res.statusCode} in ${answeredIn.toFixed(0)} ms; slowest read ${Math.max(...during).toFixed(1)} ms`,
        );
      }
      const duringP99 = percentile(allDuring, 99);
      report.push(
        `quiet read p50 ${percentile(quiet, 50).toFixed(1)} p99 ${quietP99.toFixed(1)} ms; during uploads p99 ${duringP99.toFixed(1)} ms of ${allDuring.length} reads`,
      );
      return { ratio: duringP99 / quietP99, report: report.join('\n') };
    });

    // Memory: the workers that unpacked the files are gone, and with them what they allocated.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const growth = rssMb() - rssBefore;
    expect(await counts()).toEqual(before);
    expect(best.ratio, best.report).toBeLessThan(LATENCY_RATIO_BOUND);
    expect(growth, `RSS +${growth.toFixed(0)} MB`).toBeLessThan(RSS_GROWTH_BOUND_MB);
  });

  it('reads a heavy workbook within every cap without holding up other reads', async () => {
    const bytes = heavyWorkbook();
    const best = await bestOfThree(async () => {
      const quiet: number[] = [];
      for (let i = 0; i < 200; i++) quiet.push(await timedRead());
      const answer = upload(bytes, XLSX_CONTENT_TYPE);
      const during = await readsDuring(answer);
      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ columns: ['0', '1'], rows: [['1399999', '7']] });
      // The 99th percentile: one read held up by the fork of the worker process is not the point; a parse on the event
      // loop holds up every read made while it runs (and so few are made that the percentile is the stall itself).
      const ratio = percentile(during, 99) / percentile(quiet, 99);
      const report = `heavy workbook: ${during.length} reads during, p99 ${percentile(during, 99).toFixed(1)} ms, slowest ${Math.max(...during).toFixed(1)} ms; quiet p50 ${percentile(quiet, 50).toFixed(1)} p99 ${percentile(quiet, 99).toFixed(1)}; ratio ${ratio.toFixed(1)}`;
      return { ratio, report };
    });
    expect(best.ratio, best.report).toBeLessThan(LATENCY_RATIO_BOUND);
  });

  it('reads only the parts a sheet needs: an image bomb whose headers lie is never unpacked', async () => {
    const res = await upload(workbookWithHiddenImageBomb(), XLSX_CONTENT_TYPE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ columns: ['Institution', 'Program'], rows: [['UVic', 'Arts']] });
  });

  it('reads at most two files at once; the rest wait their turn and are all answered', async () => {
    // Four people's uploads, each within their own share.
    // A tenth of the heavy workbook: each read still outlasts the start of the next upload's worker, so the four
    // overlap, and the four together stay far from the time limit of one read on a loaded machine (the full ones
    // came near it once, four on two shared cores).
    const heavy = heavyWorkbook(140_000);
    const answers = await Promise.all(uploaders.map((as) => upload(heavy, XLSX_CONTENT_TYPE, as)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(peakConcurrentParses()).toBe(2);
  });
});
