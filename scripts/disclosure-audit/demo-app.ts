/**
 * The audit's window on the product: a fresh demo database in a temporary directory, the real app built on it in
 * this process, and the one-institution reader `writer` signed in through the real HTTP layer (Fastify `inject`, the
 * development sign-in). Everything the attacker learns comes through `ask`; `db` is used only to read what the
 * attacker is granted as public (the program list is also `GET /api/programs`) and, apart, the truth for checking.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { Profile } from '../../src/shared/schemas/profile.ts';
import { openDemoDatabase, type DemoDatabase } from '../demo-database.ts';

export interface DemoApp {
  db: Db;
  /** What sign-in answered: the reader's profile, privileges included. */
  profile: Profile;
  /** The disclosure settings the server runs with. */
  rule: Rule;
  /** GET a JSON resource as the signed-in reader; throws on anything but 200. */
  get<T>(url: string): Promise<T>;
  /** Requests made so far. */
  requests(): number;
  close(): Promise<void>;
}

export interface Rule {
  minInstitutions: number;
  maxSharePercent: number;
}

/** `rule`: the server's disclosure settings; undefined leaves them at the server's defaults. */
export async function startDemoApp(viewer: string, rule?: Rule): Promise<DemoApp> {
  let demo: DemoDatabase | undefined;
  let app: FastifyInstance | undefined;
  try {
    demo = await openDemoDatabase();
    const { database } = demo;
    const config = loadConfig({
      APP_ENV: 'D',
      LOG_LEVEL: 'silent',
      ...(rule && {
        DISCLOSURE_MIN_INSTITUTIONS: String(rule.minInstitutions),
        DISCLOSURE_MAX_SHARE_PERCENT: String(rule.maxSharePercent),
      }),
    });
    app = await buildApp({ config, database, logger: false, loadLimits: false });
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: viewer } });
    if (signIn.statusCode !== 200) throw new Error(`Signing in as ${viewer} failed: ${signIn.statusCode} ${signIn.body}`);
    const session = signIn.cookies.find((c) => c.name.endsWith('wil_session'));
    if (!session) throw new Error('Signing in set no session cookie');
    const cookie = `${session.name}=${session.value}`;
    let count = 0;
    const opened = { app, demo };
    return {
      db: database.db,
      profile: signIn.json() as Profile,
      rule: config.disclosure,
      async get<T>(url: string): Promise<T> {
        count++;
        const res = await opened.app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return res.json() as T;
      },
      requests: () => count,
      async close() {
        await opened.app.close();
        await opened.demo.close();
      },
    };
  } catch (error) {
    await app?.close();
    await demo?.close();
    throw error;
  }
}
