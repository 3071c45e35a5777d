import type { Duplex } from 'node:stream';

/** The part of a node-postgres client this needs: its query method, in any of its call forms, and its socket. */
interface WatchedClient {
  query: (...args: never[]) => unknown;
  connection?: { stream?: Duplex };
}

/**
 * Closes a pooled client's connection when one of its queries gets no answer for `ms`. A database that freezes
 * without closing its connections (a hung host, a network dropping packets) would otherwise hold every pooled
 * connection, and every request on one, until the operating system gives up on the socket hours later. Closed, the
 * query fails as a lost connection does: the request answers 503 (for a COMMIT, "may or may not have been saved"),
 * the pool drops the client, and new connections are opened once the database answers again.
 *
 * Streams (COPY feeding a download) are left alone: they wait on the person downloading, not only on the database.
 */
export function dropWhenUnanswered(client: WatchedClient, ms: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = (...args: unknown[]) => {
    const timer = setTimeout(() => client.connection?.stream?.destroy(), ms);
    timer.unref();
    const last = args.at(-1);
    if (typeof last === 'function') {
      // The callback form, which the pool's own `pool.query` uses.
      args[args.length - 1] = (...answer: unknown[]) => {
        clearTimeout(timer);
        return (last as (...a: unknown[]) => unknown)(...answer);
      };
      return query(...args);
    }
    const result = query(...args);
    if (typeof (result as Promise<unknown> | undefined)?.then === 'function') {
      return (result as Promise<unknown>).finally(() => clearTimeout(timer));
    }
    clearTimeout(timer);
    return result;
  };
}
