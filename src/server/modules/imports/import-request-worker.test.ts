import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';
import { createMatrixCaller } from '../../test/matrix.ts';
import {
  IN_PROCESS_REQUEST_BYTES,
  LARGE_IMPORT_RETRY_AFTER_SECONDS,
  LARGE_IMPORTS_AT_ONCE,
  LARGE_IMPORTS_WAITING,
  MAX_CONCURRENT_PARSES,
  MAX_PARSES_PER_PERSON,
  MAX_WAITING_PARSES,
  REQUEST_WORKER_NICENESS,
} from './import-limits.ts';
import { largeImportsBusy, largeImportsWaiting, largeImportTurn, peakLargeImports } from './large-import-gate.ts';
import { peakConcurrentParses, warmWorkerPids, workersStarted } from './parse-in-worker.ts';

/**
 * Issue 28: an import's JSON body over IN_PROCESS_REQUEST_BYTES is parsed, validated and read in the worker process,
 * off the event loop. It must answer exactly what the same body answers when read in the server (the small bodies
 * every other test sends). Such large requests run one at a time with one waiting, and more are refused with 503 and
 * Retry-After (decision 040); spreadsheets queue for the worker as before.
 */

/** Blank rows that make a body large without changing what it asks: blank rows are passed over. */
const padding = (bytes: number) => Array.from({ length: Math.ceil(bytes / 2000) }, () => [' '.repeat(1990)]);

describe('import bodies read in the worker answer as those read in the server', () => {
  let ctx: TestContext;
  let cookie: string;
  let writerId: number;
  /** Others who may import: an institution's admin and an app admin. */
  let others: string[];
  /** Writers of the same institution, each uploading on their own behalf. */
  let writers: string[];

  beforeAll(async () => {
    ctx = await createTestContext();
    const { matrix } = await createMatrixCaller(ctx);
    writerId = matrix.users.writer;
    cookie = await ctx.cookieFor(writerId);
    others = [await ctx.cookieFor(matrix.users.instAdmin), await ctx.cookieFor(matrix.users.appAdmin)];
    writers = [];
    for (let n = 0; n < MAX_CONCURRENT_PARSES + MAX_WAITING_PARSES + 4; n++) {
      const id = await createUser(ctx.db, { username: `uploader-${n}`, privileges: { write: [matrix.institutions.own] } });
      writers.push(await ctx.cookieFor(id));
    }
  }, 180_000);
  afterAll(() => ctx.close());

  const post = (url: string, payload: string, as = cookie) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: as, 'content-type': 'application/json' } });

  /** The same request small, and padded past the limit (as JSON text, so malformed bodies can be padded too). */
  function bothSizes(text: (pad: string) => string): [string, string] {
    const small = text('');
    const big = text(' '.repeat(IN_PROCESS_REQUEST_BYTES + 1000));
    expect(Buffer.byteLength(small)).toBeLessThan(IN_PROCESS_REQUEST_BYTES);
    expect(Buffer.byteLength(big)).toBeGreaterThan(IN_PROCESS_REQUEST_BYTES);
    return [small, big];
  }

  it('gives the same answer, refusals included, for every kind of body', async () => {
    const valid = {
      mapping: { institution: 0, program: 1 },
      rows: [['Nowhere', 'Nothing']],
      fiscalYear: '2024/25',
      term: 'Fall',
    };
    const cases: [string, (pad: string) => string][] = [
      ['a valid body', (pad) => `${pad}${JSON.stringify(valid)}`],
      [
        'a valid body with blank rows',
        (pad) => JSON.stringify({ ...valid, rows: [...valid.rows, ...(pad ? padding(pad.length) : [])] }),
      ],
      ['a field of the wrong type', (pad) => JSON.stringify({ ...valid, mapping: { institution: 'A' }, fileName: pad })],
      ['an unknown field', (pad) => JSON.stringify({ ...valid, colour: 'red', constructor: pad })],
      ['text that is not JSON', (pad) => `{"mapping": ${pad}`],
      ['an empty body', (pad) => pad],
      ['a prototype key', (pad) => `{"__proto__": {"x": 1}, "fileName": "${pad}"}`],
      ['nesting too deep', (pad) => `${'['.repeat(40)}"${pad}"${']'.repeat(40)}`],
      [
        'a control character',
        (pad) => JSON.stringify({ ...valid, rows: [['Now\u0000here', 'x'], ...(pad ? padding(pad.length) : [])] }),
      ],
    ];
    for (const [name, text] of cases) {
      const [small, big] = bothSizes(text);
      for (const route of ['dry-run', 'commit', 'refused-rows']) {
        const inServer = await post(`/api/imports/${route}`, small);
        const inWorker = await post(`/api/imports/${route}`, big);
        expect(inServer.statusCode, `${name}, ${route}: ${inServer.body}`).toBeLessThan(500);
        expect([inWorker.statusCode, route === 'refused-rows' ? '' : inWorker.json()], `${name}, ${route}`).toEqual([
          inServer.statusCode,
          route === 'refused-rows' ? '' : inServer.json(),
        ]);
      }
    }
  }, 180_000);

  it('reads one JSON body after another in the same worker, and each spreadsheet in a new one (decision 040)', async () => {
    const body = JSON.stringify({
      mapping: { institution: 0, program: 1 },
      rows: [['Nowhere', 'Nothing'], ...padding(IN_PROCESS_REQUEST_BYTES * 2)],
      fiscalYear: '2024/25',
      term: 'Fall',
    });
    const answers: unknown[] = [];
    const before = workersStarted();
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/imports/dry-run', body);
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json());
    }
    // The first may find a worker an earlier test left warm; the next two find the first's.
    expect(workersStarted() - before).toBeLessThanOrEqual(1);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const csv = 'Institution,Program\nUVic,Arts\n';
    const sheets = workersStarted();
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/imports/parse',
        payload: csv,
        headers: { cookie, 'content-type': 'text/csv' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(workersStarted() - sheets).toBe(2);
  }, 180_000);

  const largeBody = () =>
    JSON.stringify({
      mapping: { institution: 0, program: 1 },
      rows: [['Nowhere', 'Nothing'], ...padding(IN_PROCESS_REQUEST_BYTES * 2)],
      fiscalYear: '2024/25',
      term: 'Fall',
    });

  it.runIf(process.platform === 'linux')(
    'reads JSON bodies behind the server for CPU: niceness, and a session (autogroup) of its own (decision 040)',
    async () => {
      expect((await post('/api/imports/dry-run', largeBody())).statusCode).toBe(200);
      const pids = warmWorkerPids();
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Fields after the command's closing parenthesis: state, ppid, pgrp, session, …, priority, nice.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        expect(Number(fields[3]), 'the worker leads a session of its own').toBe(pid);
        expect(Number(fields[16]), 'niceness').toBe(REQUEST_WORKER_NICENESS);
        if (existsSync(`/proc/${pid}/autogroup`)) {
          expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(new RegExp(`nice ${REQUEST_WORKER_NICENESS}\\b`));
        }
      }
    },
    180_000,
  );

  /**
   * A request sent while a turn is held must be refused at once: one let wait instead would only be answered once the
   * test lets the turn go, which it does after this, so the test would hang to its timeout. Twenty seconds is ages for
   * a refusal that reads no body, and makes a broken gate a plain failure.
   */
  const refusedWhileHeld = async (request: ReturnType<typeof post>) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('not answered while the turn was held: it waits instead of being refused')),
        20_000,
      );
    });
    try {
      expectBusy(await Promise.race([request, late]));
    } finally {
      clearTimeout(timer);
    }
  };
  const expectBusy = (answer: { statusCode: number; headers: Record<string, unknown>; json: () => { message: string } }) => {
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe(String(LARGE_IMPORT_RETRY_AFTER_SECONDS));
    expect(answer.json().message).toMatch(/large import.*Nothing was saved; try again in a few seconds/);
  };

  /** Until the last large import's turn has been handed on (it rests as long as the import took, times the ratio). */
  const idle = async () => {
    while (largeImportsBusy()) await new Promise((r) => setTimeout(r, 50));
  };
  /**
   * A large import of `userId` holding the turn until released: held here, so that what the requests made meanwhile
   * meet does not depend on how fast a real one runs (CI, 2026-11-28: the third of three requests sent together
   * arrived after the first had finished on a loaded machine, and was let wait instead of refused).
   */
  const holdTurn = (userId: number) => {
    let release!: () => void;
    const done = largeImportTurn(userId, () => new Promise<void>((resolve) => (release = resolve)));
    return async () => {
      release();
      await done;
    };
  };
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((r) => setTimeout(r, 10));
  };

  it(`runs ${LARGE_IMPORTS_AT_ONCE} large import at a time with ${LARGE_IMPORTS_WAITING} waiting, and refuses more with 503 and Retry-After`, async () => {
    const body = largeBody();
    await idle();
    // Someone's large import runs; the next person's waits its turn; a third is refused at once.
    const releaseFirst = holdTurn(-1);
    const waited = post('/api/imports/dry-run', body, others[0]);
    await until(() => largeImportsWaiting() === LARGE_IMPORTS_WAITING);
    await refusedWhileHeld(post('/api/imports/dry-run', body, others[1]));
    await releaseFirst();
    expect((await waited).statusCode).toBe(200);
    expect(peakLargeImports()).toBe(LARGE_IMPORTS_AT_ONCE);
    await idle();
    // One person's second large request while the first runs is refused, even with no one else waiting; the refused
    // rows and the commit go through the same turn.
    const releaseOwn = holdTurn(writerId);
    for (const url of ['/api/imports/dry-run', '/api/imports/refused-rows', '/api/imports/commit'])
      await refusedWhileHeld(post(url, body));
    await releaseOwn();
    await idle();
    // Alone, each answers as it would: a dry run 200, a commit 400 for its row's errors.
    expect((await post('/api/imports/dry-run', body)).statusCode).toBe(200);
    await idle();
    expect((await post('/api/imports/commit', body)).statusCode).toBe(400);
    await idle();
    // A small body is not a large import: it is read in the server meanwhile, and never refused as busy.
    const small = JSON.stringify({
      mapping: { institution: 0, program: 1 },
      rows: [['Nowhere', 'Nothing']],
      fiscalYear: '2024/25',
      term: 'Fall',
    });
    const [large, smallToo] = await Promise.all([post('/api/imports/dry-run', body), post('/api/imports/dry-run', small)]);
    expect([large!.statusCode, smallToo!.statusCode]).toEqual([200, 200]);
    // Once one is answered its turn rests a while (as long as it took, times the rest ratio) before the next starts.
    await idle();
    const eightMegabytes = JSON.stringify({
      mapping: { institution: 0, program: 1 },
      rows: [['Nowhere', 'Nothing'], ...padding(8 * 1024 * 1024)],
      fiscalYear: '2024/25',
      term: 'Fall',
    });
    expect((await post('/api/imports/dry-run', eightMegabytes)).statusCode).toBe(200);
    // A turn of the timers later (reading 8 MB takes the worker tens of milliseconds at least), the turn still rests.
    await new Promise((r) => setTimeout(r, 5));
    expect(largeImportsBusy()).toBe(true);
    // Once they are done, the next one is read as usual.
    expect((await post('/api/imports/dry-run', body)).statusCode).toBe(200);
    expect(peakLargeImports()).toBe(LARGE_IMPORTS_AT_ONCE);
  }, 180_000);

  it(`reads ${MAX_CONCURRENT_PARSES} spreadsheets at once, lets ${MAX_WAITING_PARSES} wait, and refuses more with 503 and Retry-After`, async () => {
    const csv = 'Institution,Program\nUVic,Arts\n';
    // One upload from each of many people (each person's own share is the next test's).
    const answers = await Promise.all(
      writers.map((as) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/imports/parse',
          payload: csv,
          headers: { cookie: as, 'content-type': 'text/csv' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(MAX_CONCURRENT_PARSES + MAX_WAITING_PARSES);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(', '),
    ).toBe(true);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json().message).toMatch(/busy.*Nothing was saved; try again in a few seconds/);
    }
    expect(peakConcurrentParses()).toBeLessThanOrEqual(MAX_CONCURRENT_PARSES);
    // Once the queue has drained, the next one is read as usual.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/parse',
      payload: csv,
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
  }, 180_000);

  it(`lets one person have ${MAX_PARSES_PER_PERSON} spreadsheets read or waiting, so their burst leaves the queue to others`, async () => {
    const csv = 'Institution,Program\nUVic,Arts\n';
    const upload = (as: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/imports/parse',
        payload: csv,
        headers: { cookie: as, 'content-type': 'text/csv' },
      });
    // One person sends as many as the whole queue holds; someone else uploads meanwhile.
    const burst = Array.from({ length: MAX_CONCURRENT_PARSES + MAX_WAITING_PARSES }, () => upload(cookie));
    const other = upload(writers[0]!);
    const [theirs, mine] = [await Promise.all(burst), await other];
    expect(mine.statusCode, mine.body).toBe(200);
    // At least their share is read (a busy machine may finish one before the last of the burst arrives); the rest
    // are refused by name.
    expect(theirs.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(MAX_PARSES_PER_PERSON);
    const refused = theirs.filter((a) => a.statusCode !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json().message).toBe(
        `You already have ${MAX_PARSES_PER_PERSON} files being read. Nothing was saved; try again once they are done.`,
      );
    }
    // Their places are given back: the next upload is read.
    expect((await upload(cookie)).statusCode).toBe(200);
  }, 180_000);
});
