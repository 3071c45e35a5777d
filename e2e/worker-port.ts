/**
 * Each Playwright worker tests against a server of its own (playwright.config.ts starts one per worker): worker N's
 * listens on E2E_PORT + N × this stride, which leaves the ports just above E2E_PORT free for the single sign-on and
 * mail specs' own servers.
 */
export const WORKER_PORT_STRIDE = 20;

/** The address of the shared app server that the worker with this parallel index tests against. */
export function workerBaseUrl(parallelIndex: number): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3123) + WORKER_PORT_STRIDE * parallelIndex}`;
}
