import type { FastifyBaseLogger } from 'fastify';

/** A job the calendar calls for: run at start, then every hour, until stopped. */
export interface HourlyJob {
  /** The run at start, finished (its failure is logged, not thrown: the server serves without it). */
  started: Promise<void>;
  stop(): void;
}

/** Within the hour of B.C. midnight, and cheap when nothing is due. */
const EVERY_MS = 60 * 60 * 1000;

/**
 * Runs `work` now and then every hour, one run at a time in this process (other servers' runs must be made safe by the
 * work itself); the timer never keeps the process alive. `what` names the work in the log.
 */
export function startHourlyJob(log: FastifyBaseLogger, what: string, work: () => Promise<string | null>): HourlyJob {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= work()
      .then((done) => {
        if (done) log.info(done);
      })
      .catch((err: unknown) => log.error({ err }, `could not ${what}`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), EVERY_MS).unref();
  return { started: run(), stop: () => clearInterval(timer) };
}
