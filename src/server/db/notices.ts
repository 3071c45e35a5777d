import pg from 'pg';
import type { Database } from './client.ts';

export interface NoticeHandlers {
  /** A notice arrived on the channel. */
  notice(): void;
  /** Whether notices can be heard now; false after a lost connection, until it is back. */
  listening(up: boolean): void;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Listens for NOTIFY on a channel. On PostgreSQL that takes a connection of its own (a pooled one would be handed
 * to other queries), reconnected after a failure with a growing pause; PGlite is in this process, so it always hears.
 * Returns a function that stops listening.
 */
export async function listenForNotices(
  database: Database,
  channel: string,
  handlers: NoticeHandlers,
  log: Logger,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  if (database.pglite) {
    const unsubscribe = await database.pglite.listen(channel, () => handlers.notice());
    handlers.listening(true);
    return async () => {
      handlers.listening(false);
      await unsubscribe().catch(() => {}); // the database may be closed already
    };
  }
  return listenOnPostgres(database.pool!.options.connectionString!, channel, handlers, log);
}

function listenOnPostgres(connectionString: string, channel: string, handlers: NoticeHandlers, log: Logger): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const current = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    client = current;
    const lost = (err?: Error) => {
      if (client !== current) return;
      client = null;
      handlers.listening(false);
      current.end().catch(() => {});
      if (stopped) return;
      log.warn({ err }, `lost the database notices on ${channel}; trying again in ${retryMs} ms`);
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    current.on('error', lost);
    current.on('end', () => lost());
    current.on('notification', () => handlers.notice());
    try {
      await current.connect();
      await current.query(`LISTEN ${channel}`);
      if (client !== current) return;
      retryMs = 500;
      handlers.listening(true);
    } catch (err) {
      lost(err as Error);
    }
  };
  void connect();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    handlers.listening(false);
    await current?.end().catch(() => {});
  };
}
