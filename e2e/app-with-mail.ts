import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpServer, type TestSmtpServer } from '../src/server/test/smtp-server.ts';
import { expect } from './fixtures.ts';

/** The built app on a port and throwaway demo database of its own, mailing through a real SMTP server started here. */
export interface AppWithMail {
  /** Its address, e.g. `http://127.0.0.1:3623`. */
  url: string;
  smtp: TestSmtpServer;
  stop(): Promise<void>;
}

/**
 * Starts it and waits until it answers. The shared servers of the other specs have no mail settings (their pages
 * offer no mail buttons), so the specs that send mail run against one of these. `demoToday` pins the demo's story
 * (DEMO_TODAY); without it the demo is laid out around the real today.
 */
export async function startAppWithMail(port: number, demoToday?: string): Promise<AppWithMail> {
  const url = `http://127.0.0.1:${port}`;
  // Another server on the port would answer the health check below and the spec would run against it, without mail
  // (seen once, when a second test run on the same machine used this port for its shared server).
  const taken = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${port} is already in use: set E2E_MAIL_PORT (or E2E_PORT) to a free one`);
  const smtp = await startSmtpServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'wil-mail-'));
  const app = spawn(process.execPath, ['dist/node/server/server.js'], {
    env: {
      ...process.env,
      APP_ENV: 'D',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(demoToday ? { DEMO_TODAY: demoToday } : {}),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'wil-noreply@example.ca',
      PUBLIC_URL: url,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    app.kill('SIGTERM');
    if (app.exitCode === null) await new Promise((resolve) => app.once('exit', resolve));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        async () => {
          if (app.exitCode !== null) throw new Error(`The app with mail exited (code ${app.exitCode}) before it answered`);
          return (await fetch(`${url}/api/health`).catch(() => null))?.status ?? 0;
        },
        { timeout: 110_000, intervals: [500] },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, smtp, stop };
}
