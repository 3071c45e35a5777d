import type { LoadedSession } from '../session/session-user.ts';

/** The channel the database's triggers notify when users, privileges, sessions or institution names change (migration 0002). */
export const SESSION_CACHE_CHANNEL = 'wil_session_cache';

/**
 * Who each live session belongs to, kept in this process so a request does not pay a database round trip to learn
 * it again (docs/decisions/010). Correctness rests on forgetting in time:
 * - this server forgets everything before answering any request that may have changed something (see session.ts);
 * - every server forgets everything when PostgreSQL's triggers say users, privileges, sessions or institution names
 *   changed, whoever changed them; while that notice cannot be heard, nothing is cached at all;
 * - an entry is used for at most `ttlMs`, after which the database is asked again (and the session's last-seen
 *   time written), so even a lost notice is outlived within a minute.
 */
export class SessionCache {
  private readonly entries = new Map<string, LoadedSession & { loadedAt: number }>();
  /** Bumped by every clear, so a load that began before a clear is not stored after it. */
  private generation = 0;
  private listening = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** Turns caching on (notices can be heard) or off (they cannot: every request goes to the database). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  delete(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  /** The session from the cache while fresh, else from `load` (which also reports whether it came from the cache). */
  async get(
    sessionId: string,
    load: () => Promise<LoadedSession | null>,
  ): Promise<{ session: LoadedSession; cached: boolean } | null> {
    const now = Date.now();
    const hit = this.entries.get(sessionId);
    if (hit && now - hit.loadedAt < this.ttlMs && hit.expiresAt.getTime() > now) return { session: hit, cached: true };
    if (hit) this.entries.delete(sessionId);

    const generation = this.generation;
    const session = await load();
    if (!session) return null;
    if (this.listening && generation === this.generation) {
      deepFreeze(session.user); // shared by every request of the session from now on: nobody may change it
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(sessionId, { ...session, loadedAt: now });
    }
    return { session, cached: false };
  }
}

function deepFreeze(value: object): void {
  Object.freeze(value);
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object' && !Object.isFrozen(inner)) deepFreeze(inner);
}
