import { formatBcDateTime } from '../../shared/bc-time.ts';

/**
 * The one clock of the screens: every moment shown (saved, signed off, changed, imported, released) is B.C. time with
 * its zone named ("Nov 28, 2026, 1:05 p.m. PT"), whatever the computer's own zone and whatever its browser's
 * time-zone data says (decision 045). Without the zone the same instant read 10:27 p.m. on one line and 3:27 p.m. on
 * the next (issue 29), and the hour repeated in autumn up to 2025 was ambiguous.
 */
export function formatInstant(iso: string): string {
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? iso : formatBcDateTime(ms);
}
