import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BC_PAST_ZONE,
  bcDayOf,
  bcOffsetMinutes,
  bcWallClock,
  bcZoneName,
  formatBcDate,
  formatBcDateTime,
  formatBcTime,
  LAST_CLOCK_CHANGE,
} from './bc-time.ts';

const LAST_CHANGE_MS = Date.parse(LAST_CLOCK_CHANGE);
const HOUR = 3_600_000;

/** The runtime's own wall clock of 'America/Vancouver' at an instant, as "YYYY-MM-DD HH:MM". */
const runtimeWallClock = (() => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: BC_PAST_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (ms: number) => {
    const part = (type: string) => format.formatToParts(ms).find((p) => p.type === type)!.value;
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  };
})();
const wallClockText = (ms: number) => bcWallClock(ms).toISOString().slice(0, 16).replace('T', ' ');

describe('B.C. time, worked out by the product', () => {
  it('keeps UTC−7 all year since the last clock change: a December morning is 5 a.m. PT, not 4 a.m. PST', () => {
    const december = Date.parse('2026-12-15T12:00:00Z');
    expect(bcOffsetMinutes(december)).toBe(-420);
    expect(formatBcDateTime(december)).toMatch(/^Dec 15, 2026, 5:00\sa\.m\. PT$/);
    expect(formatBcTime(december)).toMatch(/^5:00\sa\.m\. PT$/);
    // 07:30 UTC on 1 December is 12:30 a.m. that day in B.C. (under PST it would still be 30 November).
    expect(bcDayOf(Date.parse('2026-12-01T07:30:00Z'))).toBe('2026-12-01');
    expect(formatBcDate(Date.parse('2026-12-01T07:30:00Z'), 'long')).toBe('December 1, 2026');
  });

  it('names the zone as the law does: PST, then PDT from the last spring forward, then PT from midnight on 9 March 2026', () => {
    expect(bcZoneName(Date.parse('2026-01-15T12:00:00Z'))).toBe('PST');
    expect(bcZoneName(LAST_CHANGE_MS - 1)).toBe('PST');
    expect(bcZoneName(LAST_CHANGE_MS)).toBe('PDT');
    expect(bcZoneName(Date.parse('2026-03-09T06:59:00Z'))).toBe('PDT');
    expect(bcZoneName(Date.parse('2026-03-09T07:00:00Z'))).toBe('PT');
    expect(bcZoneName(Date.parse('2025-07-01T12:00:00Z'))).toBe('PDT');
    expect(bcZoneName(Date.parse('2025-12-01T12:00:00Z'))).toBe('PST');
  });

  it('reads the past as every copy of the time-zone data does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: LAST_CHANGE_MS - 1 }), (ms) => {
        expect(wallClockText(ms)).toBe(runtimeWallClock(ms));
        expect(bcZoneName(ms)).toBe(bcOffsetMinutes(ms) === -480 ? 'PST' : 'PDT');
      }),
      { numRuns: 2000 },
    );
  });

  it('from the last change on, is UTC−7 at every instant, whatever this runtime’s data says', () => {
    fc.assert(
      fc.property(fc.integer({ min: LAST_CHANGE_MS, max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(bcWallClock(ms).getTime()).toBe(ms - 7 * HOUR);
        expect(bcDayOf(ms)).toBe(new Date(ms - 7 * HOUR).toISOString().slice(0, 10));
      }),
      { numRuns: 2000 },
    );
  });

  it('moves forward with time from 2026 on: a later instant never reads as an earlier wall clock (no hour is given back)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.integer({ min: 1, max: 48 * 60 }),
        (ms, minutes) => {
          const later = ms + minutes * 60_000;
          expect(bcWallClock(later).getTime()).toBeGreaterThan(bcWallClock(ms).getTime());
        },
      ),
    );
  });
});
