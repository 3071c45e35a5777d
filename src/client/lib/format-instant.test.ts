import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant } from './format-instant.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const OFFSET_HOURS: Record<string, number> = { PST: -8, PDT: -7, PT: -7 };

/** Reads "Nov 24, 2026, 1:05 p.m. PT" back into the instant it names (to the minute), or throws. */
function readBack(shown: string): number {
  const m = /^([A-Za-z]+)\.? (\d{1,2}), (\d{4}), (\d{1,2}):(\d{2})\s([ap])\.m\.\s(P[SD]?T)$/.exec(shown);
  if (!m) throw new Error(`not a B.C. time with its zone: ${JSON.stringify(shown)}`);
  const [, month, day, year, hour, minute, half, zone] = m;
  const hour24 = (Number(hour) % 12) + (half === 'p' ? 12 : 0);
  const monthIndex = MONTHS.indexOf(month!.slice(0, 3).toLowerCase());
  const local = Date.UTC(Number(year), monthIndex, Number(day), hour24, Number(minute));
  return local - OFFSET_HOURS[zone!]! * 3_600_000;
}

/**
 * The clock changes of B.C.'s (UTC) year: second Sunday of March 10:00 (2 a.m. PST), first Sunday of November 09:00,
 * up to 2026, whose spring forward was the last (decision 045); after it, the days the changes used to fall on.
 */
function clockChanges(year: number): number[] {
  const nthSunday = (month: number, n: number) => {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + 7 * (n - 1);
  };
  return [Date.UTC(year, 2, nthSunday(2, 2), 10), Date.UTC(year, 10, nthSunday(10, 1), 9)];
}

const anyInstant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });
/** Within three hours of a clock change, where a time without its zone is ambiguous or missing. */
const nearAChange = fc
  .record({
    year: fc.integer({ min: 2000, max: 2039 }),
    which: fc.integer({ min: 0, max: 1 }),
    offset: fc.integer({ min: -180 * 60_000, max: 180 * 60_000 }),
  })
  .map(({ year, which, offset }) => clockChanges(year)[which]! + offset);
const instants = fc.oneof(anyInstant, nearAChange);

describe('formatInstant: B.C. time with the zone named', () => {
  it('writes a winter and a summer moment in B.C. time, whatever the computer’s zone', () => {
    expect(formatInstant('2026-01-15T18:27:00Z')).toMatch(/^Jan 15, 2026, 10:27\sa\.m\.\sPST$/);
    expect(formatInstant('2025-07-01T05:27:00.000Z')).toMatch(/^Jun 30, 2025, 10:27\sp\.m\.\sPDT$/);
  });

  it('keeps daylight time’s hour in the winters after B.C.’s last clock change, named Pacific Time', () => {
    expect(formatInstant('2026-11-28T20:13:00Z')).toMatch(/^Nov 28, 2026, 1:13\sp\.m\.\sPT$/);
  });

  it('names the zone, and reads back as the same minute, for any instant, across the clock changes', () => {
    fc.assert(
      fc.property(instants, (ms) => {
        const shown = formatInstant(new Date(ms).toISOString());
        expect(readBack(shown)).toBe(Math.floor(ms / 60_000) * 60_000);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives two different minutes two different texts (the hour repeated in autumn is told apart by its zone)', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 120 }), (ms, minutes) => {
        const later = ms + minutes * 60_000;
        expect(formatInstant(new Date(later).toISOString())).not.toBe(formatInstant(new Date(ms).toISOString()));
      }),
    );
  });

  it('shows a text that is not a time as it is', () => {
    expect(formatInstant('not a time')).toBe('not a time');
  });
});
