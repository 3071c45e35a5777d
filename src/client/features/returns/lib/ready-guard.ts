import { READY_GUARD_MINUTES } from '../../../../shared/schemas/contacts.ts';

/**
 * When the sign-off people of a return can be told it is ready again: READY_GUARD_MINUTES after they were last told,
 * or null when they can be told now. The server decides (a 409 otherwise); this only keeps the button honest.
 */
export function readyAgainAt(lastReadyAt: string | null, now: Date): Date | null {
  if (!lastReadyAt) return null;
  const last = new Date(lastReadyAt);
  if (Number.isNaN(last.getTime())) return null;
  const again = new Date(last.getTime() + READY_GUARD_MINUTES * 60_000);
  return again > now ? again : null;
}
