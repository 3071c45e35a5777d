import pg from 'pg';
import type { Db } from './client.ts';

/**
 * Runs `work` (a report: a few heavy queries, some side by side) once fewer than HEAVY_WORK_AT_ONCE others are running
 * on this pool, so the rest of the pool stays free for the short queries (a page of records, a record, a save).
 * Without this, 200 clients asking for reports held all ten connections for seconds and a save waited more than the
 * pool's 5 s for one, answering 503 (resilience/load.test.ts). The work waits here in arrival order, with no time
 * limit of its own: each one ahead of it ends, or its queries are dropped when the database does not answer
 * (dropWhenUnanswered). The lane is per request, not per query: a report whose second query queued again behind
 * newer reports took far longer than one queued once.
 *
 * Requests with the same `key` (the same question from the same readable institutions) that arrive while one is still
 * waiting share its answer: it has not read anything yet, so it is as fresh as their own would be. One that arrives
 * after the reading began waits for its own.
 */
export async function asHeavyWork<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return work();
  let lane = heavyLanes.get(pool);
  if (!lane) heavyLanes.set(pool, (lane = { lane: new Lane(HEAVY_WORK_AT_ONCE), waiting: new Map() }));
  const { waiting } = lane;
  const queued = waiting.get(key);
  if (queued) return queued as Promise<T>;
  const answer = (async () => {
    const leave = await lane.lane.enter();
    waiting.delete(key);
    try {
      return await work();
    } finally {
      leave();
    }
  })();
  waiting.set(key, answer);
  return answer;
}

/** Reports at once per pool of ten: each holds up to two connections (its rows beside its province row). */
const HEAVY_WORK_AT_ONCE = 4;
const heavyLanes = new WeakMap<pg.Pool, { lane: Lane; waiting: Map<string, Promise<unknown>> }>();

/** A first-come, first-served limit on how many callers are inside at once. */
class Lane {
  private inside = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly width: number) {}

  /** Resolves once the caller is inside, with the function that lets it out (call it exactly once). */
  async enter(): Promise<() => void> {
    if (this.inside < this.width) this.inside++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      // The place passes straight to the next in line, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.inside--;
    };
  }
}
