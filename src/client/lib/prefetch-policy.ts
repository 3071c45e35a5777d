/** docs/product.md §2.4: link prefetch is skipped on slow connections and when data saver is on. */

export interface ConnectionLike {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

const SLOW_CONNECTIONS: ReadonlySet<string> = new Set(['slow-2g', '2g']);

function currentConnection(): ConnectionLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.connection;
}

/** Whether prefetching is allowed on this connection; allowed when the browser does not say. */
export function shouldPrefetch(connection: ConnectionLike | undefined = currentConnection()): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_CONNECTIONS.has(connection.effectiveType ?? '');
}

const prefetched = new Set<string>();

/** Runs `load` once per key, and only when prefetching is allowed; failures are ignored (the real navigation retries). */
export function prefetchOnce(key: string, load: () => Promise<unknown>, connection?: ConnectionLike): boolean {
  if (prefetched.has(key) || !shouldPrefetch(connection ?? currentConnection())) return false;
  prefetched.add(key);
  load().catch(() => prefetched.delete(key));
  return true;
}
