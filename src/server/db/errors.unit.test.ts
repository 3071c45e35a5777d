import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseDown, uniqueViolation } from './errors.ts';

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

// The real driver's errors, not copies of their messages: a new pg version that rewords one fails here first.
describe('isDatabaseDown: what node-postgres reports when the server does not answer', () => {
  // Accepts connections and never says a word: a server that hangs, or a network that drops the packets.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  let silentPort: number;
  beforeAll(async () => {
    silentPort = await listen(silent);
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('a refused connection', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/x`, max: 1 });
    const err = await rejection(pool.query('SELECT 1'));
    await pool.end();
    expect(err).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseDown(err)).toBe(true);
  });

  it('a connection that times out, and a wait for a free pool client that times out', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${silentPort}/x`,
      max: 1,
      connectionTimeoutMillis: 200,
    });
    pool.on('error', () => {});
    // The first call takes the pool's only slot and waits on the silent server; the second waits for that slot.
    const [connecting, waiting] = await Promise.all([rejection(pool.query('SELECT 1')), rejection(pool.query('SELECT 1'))]);
    await pool.end();
    expect((connecting as Error).message).toMatch(/connection timeout/);
    expect((waiting as Error).message).toBe('timeout exceeded when trying to connect');
    expect(isDatabaseDown(connecting)).toBe(true);
    expect(isDatabaseDown(waiting)).toBe(true);
  });

  it('looks through wrappers (Drizzle puts the driver error in `cause`)', () => {
    const driver = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseDown(new Error('Failed query: commit', { cause: driver }))).toBe(true);
  });

  it('is false for errors of the request itself', () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'records_program_year_term_key' });
    const missing = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    expect(isDatabaseDown(unique)).toBe(false);
    expect(isDatabaseDown(missing)).toBe(false);
    expect(isDatabaseDown(new Error('Something else'))).toBe(false);
    expect(uniqueViolation(new Error('wrapped', { cause: unique }))).toBe('records_program_year_term_key');
  });
});
