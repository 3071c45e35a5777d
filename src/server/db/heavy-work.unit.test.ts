import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { asHeavyWork } from './heavy-work.ts';

/** A Drizzle-shaped handle over a pool that never connects: the lane only looks at which pool it is. */
const dbOver = (pool: pg.Pool) => ({ $client: pool }) as unknown as Db;

/** Work that runs until its `finish` is called, counting how many run at once. */
function gatedWork(state: { running: number; most: number; started: string[] }, name: string) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    state.started.push(name);
    state.running++;
    state.most = Math.max(state.most, state.running);
    await gate;
    state.running--;
    return name;
  };
  return { work, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('asHeavyWork: the heavy lane of a PostgreSQL pool', () => {
  it('runs at most four works at once, in arrival order, whatever order they finish in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
        async (count, order) => {
          const db = dbOver(new pg.Pool({ max: 10 }));
          const state = { running: 0, most: 0, started: [] as string[] };
          const works = Array.from({ length: count }, (_, i) => gatedWork(state, `w${i}`));
          const answers = works.map((w, i) => asHeavyWork(db, `key ${i}`, w.work));
          await settle();
          expect(state.started).toEqual(works.slice(0, 4).map((_, i) => `w${i}`));
          // Finish the running ones in a shuffled order until all are done.
          const pending = new Set(works.keys());
          let turn = 0;
          while (pending.size > 0) {
            const running = [...pending].filter((i) => state.started.includes(`w${i}`));
            const pick = running[order[turn++ % order.length]! % running.length]!;
            works[pick]!.finish();
            pending.delete(pick);
            await settle();
          }
          expect(await Promise.all(answers)).toEqual(works.map((_, i) => `w${i}`));
          expect(state.most).toBe(Math.min(4, count));
          expect(state.started).toEqual(works.map((_, i) => `w${i}`));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('gives requests for the same key that arrive while it waits one answer; one arriving after it started runs again', async () => {
    const db = dbOver(new pg.Pool({ max: 10 }));
    const state = { running: 0, most: 0, started: [] as string[] };
    const blockers = Array.from({ length: 4 }, (_, i) => gatedWork(state, `blocker ${i}`));
    const blocked = blockers.map((b, i) => asHeavyWork(db, `blocker ${i}`, b.work));
    const shared = gatedWork(state, 'report');
    const first = asHeavyWork(db, 'report', shared.work);
    const second = asHeavyWork(db, 'report', gatedWork(state, 'second report').work);
    const other = gatedWork(state, 'other question');
    const third = asHeavyWork(db, 'other', other.work);
    blockers[0]!.finish();
    await settle();
    expect(state.started.slice(4)).toEqual(['report']);
    // The shared work has begun reading: a new request for the same key waits for its own.
    const late = gatedWork(state, 'late report');
    const fourth = asHeavyWork(db, 'report', late.work);
    for (const b of blockers.slice(1)) b.finish();
    shared.finish();
    other.finish();
    await settle();
    late.finish();
    expect(await Promise.all([first, second, third, fourth, ...blocked])).toEqual([
      'report',
      'report',
      'other question',
      'late report',
      ...blockers.map((_, i) => `blocker ${i}`),
    ]);
    expect(state.started).not.toContain('second report');
  });

  it('lets the next one in when a work fails', async () => {
    const db = dbOver(new pg.Pool({ max: 2 }));
    const failures = Array.from({ length: 3 }, (_, i) =>
      asHeavyWork(db, `f${i}`, async () => Promise.reject(new Error(`f${i}`))),
    );
    for (const [i, failure] of failures.entries()) await expect(failure).rejects.toThrow(`f${i}`);
    expect(await asHeavyWork(db, 'after', async () => 'ran')).toBe('ran');
  });
});
