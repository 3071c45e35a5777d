/**
 * Scale-out (issue 9): two app servers, each its own process with nothing shared but PostgreSQL. A session made on
 * one works on the other; an edit saved on one is what the other serves at once, and the other refuses a save made
 * from the old version. Signing out or deactivating a user on one ends the session on the other as soon as
 * PostgreSQL's notice reaches it (each server caches sessions: docs/decisions/010), and it stays ended.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from './support/built-server.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database.ts';

let scratch: ScratchDatabase;
let a: BuiltServer;
let b: BuiltServer;

beforeAll(async () => {
  scratch = await createScratchDatabase('scaleout');
  const env = {
    APP_ENV: 'D', // direct sign-in, and demo data seeded by the first server to start
    DATABASE_URL: scratch.url,
    COOKIE_SECRET: 'scale-out-test-cookie-secret-long-enough',
    LOG_LEVEL: 'warn',
  };
  a = await startBuiltServer(env);
  b = await startBuiltServer(env);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await scratch?.drop();
});

async function call(server: BuiltServer, method: string, path: string, cookie = '', body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

async function signIn(server: BuiltServer, username: string): Promise<string> {
  const res = await fetch(`${server.url}/api/login/direct`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wil_session='));
  return cookie!.split(';')[0]!;
}

const whoIs = async (server: BuiltServer, cookie: string) => (await call(server, 'GET', '/api/profile', cookie)).json.username;

/** Polls until `check` holds, for at most ten seconds (a busy machine): the notice goes through PostgreSQL. */
async function soon(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('two app servers on one PostgreSQL', () => {
  it('honour a session made on either', async () => {
    const cookie = await signIn(a, 'writer');
    expect(await whoIs(b, cookie)).toBe('writer');
    const other = await signIn(b, 'reader');
    expect(await whoIs(a, other)).toBe('reader');
  });

  it('serve an edit saved on one from the other at once, and refuse a save from the old version there', async () => {
    const cookie = await signIn(a, 'writer');
    // The demo has signed off every one of UVic's terms, which locks their records: open them again (as an app admin's
    // reopen would), so the saves below meet the version check rather than the lock (docs/reporting-cycle.md).
    await scratch.database.db.execute(
      sql`UPDATE term_returns SET state = 'open' WHERE institution_id = (SELECT id FROM institutions WHERE short_name = 'UVic')`,
    );
    const list = await call(b, 'GET', '/api/records?pageSize=1', cookie);
    const id = (list.json as { items: { id: number }[] }).items[0]!.id;
    const before = (await call(a, 'GET', `/api/records/${id}`, cookie)).json as { version: number };
    expect((await call(b, 'GET', `/api/records/${id}`, cookie)).json).toMatchObject({ version: before.version });

    const saved = await call(a, 'PATCH', `/api/records/${id}`, cookie, { version: before.version, notes: 'Saved on server A' });
    expect(saved.status).toBe(200);
    expect((await call(b, 'GET', `/api/records/${id}`, cookie)).json).toMatchObject({
      notes: 'Saved on server A',
      version: before.version + 1,
    });

    const stale = await call(b, 'PATCH', `/api/records/${id}`, cookie, { version: before.version, notes: 'Old copy on B' });
    expect(stale.status).toBe(409);
    expect((await call(a, 'GET', `/api/records/${id}`, cookie)).json).toMatchObject({ notes: 'Saved on server A' });
  });

  it('end a session signed out on the other server', async () => {
    const cookie = await signIn(a, 'globalreader');
    expect(await whoIs(b, cookie)).toBe('globalreader'); // B now holds it in its cache
    // A script signs out with the POST: the GET signs out only a browser's navigation from this site (issue 28).
    expect((await call(a, 'POST', '/api/logout', cookie)).status).toBe(303);
    expect(await soon(async () => (await whoIs(b, cookie)) === '')).toBe(true);
    expect(await whoIs(b, cookie)).toBe('');
    expect(await whoIs(a, cookie)).toBe('');
  });

  it('refuse a user deactivated on the other server, and keep refusing', async () => {
    const admin = await signIn(a, 'appadmin');
    const users = (await call(a, 'GET', '/api/users', admin)).json as { id: number; username: string }[];
    const instadmin = users.find((u) => u.username === 'instadmin')!;
    const cookie = await signIn(b, 'instadmin');
    expect(await whoIs(b, cookie)).toBe('instadmin');

    expect((await call(a, 'DELETE', `/api/users/${instadmin.id}`, admin)).status).toBe(200);
    expect(await soon(async () => (await whoIs(b, cookie)) === '')).toBe(true);
    expect((await call(b, 'GET', '/api/records?pageSize=1', cookie)).status).toBe(401);
    expect(await whoIs(b, cookie)).toBe('');
  });
});
