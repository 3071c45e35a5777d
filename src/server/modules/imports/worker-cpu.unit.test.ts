import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { refusalError } from '../../http-errors.ts';
import { Refused } from '../../refusals.ts';
import { prepareImportBody } from './parse-in-worker.ts';
import { workerCpuMs } from './worker-cpu.ts';

/**
 * The import worker's time limit counts the CPU the worker used, not the clock (worker-cpu.ts): a worker that waits
 * (for a body still arriving, or for a CPU shared with other work) is not stopped for the machine's load, but one that
 * waits without end is, at a longer limit of the clock.
 */

/** A valid import request's JSON body, large enough to be read in the worker. */
const BODY = JSON.stringify({
  mapping: { institution: 0, program: 1 },
  rows: [['Nowhere', 'Nothing'], ...Array.from({ length: 200 }, () => [' '.repeat(1990)])],
  fiscalYear: '2024/25',
  term: 'Fall',
});

const asAnswer = (err: unknown) => {
  throw err instanceof Refused ? refusalError(err.refusal) : err;
};

describe('workerCpuMs', () => {
  it('reads the CPU time a process has used, and nothing of one gone', async () => {
    const before = workerCpuMs(process.pid)!;
    const usage = process.cpuUsage();
    const until = performance.now() + 300;
    while (performance.now() < until) Math.sqrt(Math.random());
    const used = process.cpuUsage(usage);
    // Ticks are 10 ms: the two measures of the same busy loop agree to a few ticks.
    expect(workerCpuMs(process.pid)! - before).toBeCloseTo((used.user + used.system) / 1000, -2);

    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    expect(workerCpuMs(child.pid!)).toBeUndefined();
  });
});

describe('the import worker is stopped for the CPU it used, not the time it waited', () => {
  const limits = { timeMs: 4000, wallMs: 60_000, heapMb: 256 };
  /** Stopped by the clock at 6 s: after the limit of CPU time, which an idle worker never reaches. */
  const shortWall = { ...limits, wallMs: 6000 };

  it('reads a body that arrives after longer than the limit, and stops one that never ends at its limit of the clock', async () => {
    const slow = new PassThrough();
    const read = prepareImportBody(slow, undefined, false, 16 * 1024 * 1024, limits);
    slow.write(BODY.slice(0, 1000));
    // The worker waits idle, well past the limit by the clock, then the rest of the body arrives.
    await new Promise((resolve) => setTimeout(resolve, limits.timeMs + 1500));
    slow.end(BODY.slice(1000));
    expect((await read).readRows).toHaveLength(201);

    const endless = new PassThrough();
    const started = performance.now();
    endless.write(BODY.slice(0, 1000));
    await expect(prepareImportBody(endless, undefined, false, 16 * 1024 * 1024, shortWall).catch(asAnswer)).rejects.toMatchObject(
      {
        statusCode: 400,
        message: expect.stringMatching(/took longer than 6 seconds/),
      },
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(shortWall.wallMs - 100);
    endless.destroy();
  }, 60_000);
});
