import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

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

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Generous for a busy 2-core machine: nothing here measures speed, and a wait ends as soon as its condition holds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // isbot counts HeadlessChrome as a crawler; the tests play a person in an ordinary browser.
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    trace: 'retain-on-failure',
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
  // The built app on a throwaway embedded database, seeded with the demo data as of a fixed day (DEMO_TODAY, the same
  // as the API tests' DEMO_TEST_DAY), so the specs' years and the story they rely on do not move with the calendar.
  webServer: {
    command: `rm -rf .test-data/e2e && node dist/node/server/server.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      APP_ENV: 'D',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.test-data/e2e',
      LOG_LEVEL: 'warn',
      DEMO_TODAY: '2025-12-15',
    },
  },
});
