import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { WORKER_PORT_STRIDE } from './e2e/worker-port.ts';

/** Debian's Chromium (downloading Playwright's own browsers does not work on these machines). */
function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) {
    console.error('Chromium not found: install it (apt-get install -y chromium) or set CHROMIUM_PATH to its executable.');
    process.exit(1);
  }
  return found;
}

const PORT = Number(process.env.E2E_PORT ?? 3123);
/**
 * Spec files at once, each worker with a server and database of its own, so no spec sees another's changes. One file
 * at a time took 18–22 of CI's 30 minutes; with two, the 153 tests took 16 minutes on a two-core machine that three
 * other jobs kept at a load of 14 (2026-11-28). On a quiet two-core machine the 159 tests took 9.0 minutes with two
 * and 8.6 with three: a browser and its server leave some of a core idle while they wait on each other.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Generous for a busy 2-core machine, for every test alike: nothing here measures speed, and a wait ends as soon as
  // its condition holds. The longest tests (a screen at both widths) took up to 59 s on a machine two and a half times
  // slower than CI's usual (2026-11-28), where the 60 s most had was too close.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    // Each worker's own server: see e2e/fixtures.ts, which sets baseURL per worker from E2E_PORT and this stride.
    // isbot counts HeadlessChrome as a crawler; the tests play a person in an ordinary browser.
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    // No trace unless asked for (E2E_TRACE=1 keeps one for each failing test): recording it for every test, to throw
    // away all but the failures', was a quarter of the browser tests' time on two cores (decision 046), and CI keeps
    // only the log, where the failing step, its locator and the page's screenshot path are printed anyway.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      // No background traffic: this machine's network is closed, and Chromium's own calls only slow it down.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The built app on a throwaway embedded database per worker, seeded with the demo data as of a fixed day (DEMO_TODAY,
  // the same as the API tests' DEMO_TEST_DAY), so the specs' years and the story they rely on do not move with the
  // calendar.
  webServer: Array.from({ length: WORKERS }, (_, worker) => {
    const port = PORT + WORKER_PORT_STRIDE * worker;
    return {
      command: `rm -rf .test-data/e2e-${worker} && node dist/node/server/server.js`,
      url: `http://127.0.0.1:${port}/api/health`,
      // Seeding runs in every worker's server at once on two cores.
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        APP_ENV: 'D',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: `.test-data/e2e-${worker}`,
        LOG_LEVEL: 'warn',
        DEMO_TODAY: '2025-12-15',
      },
    };
  }),
});
