import pg from 'pg';

/** The PostgreSQL server API tests use: TEST_DATABASE_URL, or the local trust-auth server. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const PGLITE_TEMPLATE_FILE = '.test-data/pglite-migrated.tar';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database of this run, on PostgreSQL. */
    postgresTemplate: string;
  }
}

/** The same server URL pointing at another database. */
export function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
}

/** Runs one statement on the server's maintenance database. */
export async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Null when the test server answers, else why it does not. */
export async function postgresProblem(): Promise<string | null> {
  try {
    await adminQuery('SELECT 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
