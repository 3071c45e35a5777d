/**
 * B.C.'s clock, worked out here instead of read from each runtime's time-zone data (decision 045).
 *
 * B.C. sprang forward for the last time at 2 a.m. PST on 8 March 2026 and keeps UTC−7 all year since; the province
 * calls it Pacific Time. Time-zone data only learned that in 2026, and the copies the product runs on disagreed on
 * 28 November 2026: Chromium 156, Node 24.21 and PGlite said UTC−7 (named PDT), Node 20 and PostgreSQL 15 (the
 * system's 2025 data) UTC−8, PST. So the same moment was 1:14 p.m. on a page and 12:14 p.m. PST in a mail from a
 * server on an older Node, and "today" turned an hour apart on the two databases.
 *
 * So the offset is worked out here: from the rules B.C. kept from 1987 up to the last change, and −7 hours from it
 * on; only instants before 1987, about which every copy agrees, are read from 'America/Vancouver'. The zone is named
 * PST or PDT up to midnight on 9 March 2026 (the law kept daylight time's name for those 21 hours), and PT after.
 */

/** B.C.'s zone in time-zone data: right about instants before the last clock change only. */
export const BC_PAST_ZONE = 'America/Vancouver';

/** 2026-03-08 10:00 UTC (2 a.m. PST): B.C.'s last clock change. */
export const LAST_CLOCK_CHANGE = '2026-03-08T10:00:00Z';
const LAST_CLOCK_CHANGE_MS = Date.parse(LAST_CLOCK_CHANGE);
/** The offset from UTC B.C. keeps since its last clock change, in minutes. */
export const PERMANENT_OFFSET_MINUTES = -7 * 60;
/** Midnight B.C. time on 9 March 2026: from then the time is Pacific Time. */
const PACIFIC_TIME_FROM_MS = Date.parse('2026-03-09T07:00:00Z');

/** The day of the month of a month's nth Sunday (n = -1: the last), `month` 0–11. */
function sunday(year: number, month: number, n: number): number {
  if (n < 0) {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return last.getUTCDate() - last.getUTCDay();
  }
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + 7 * (n - 1);
}

/**
 * Daylight time's first and last instant (UTC) in a year of the rules B.C. kept from 1987: 2 a.m. PST to 2 a.m. PDT,
 * from the second Sunday of March to the first of November since 2007, the first of April to the last of October
 * before.
 */
function daylightTime(year: number): [number, number] {
  return year >= 2007
    ? [Date.UTC(year, 2, sunday(year, 2, 2), 10), Date.UTC(year, 10, sunday(year, 10, 1), 9)]
    : [Date.UTC(year, 3, sunday(year, 3, 1), 10), Date.UTC(year, 9, sunday(year, 9, -1), 9)];
}

const RULES_FROM_MS = Date.UTC(1987, 0, 1);
const pastOffsetName = new Intl.DateTimeFormat('en-US', { timeZone: BC_PAST_ZONE, timeZoneName: 'longOffset' });
const LONG_OFFSET = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * B.C.'s offset from UTC at an instant (milliseconds since 1970), in minutes: −480 in PST, −420 in PDT and PT. Worked
 * out from the rules since 1987, so no runtime's data can change it; before 1987 (no record of the product is so old)
 * read from the runtime's data, which all agree about it.
 */
export function bcOffsetMinutes(ms: number): number {
  if (ms >= LAST_CLOCK_CHANGE_MS) return PERMANENT_OFFSET_MINUTES;
  if (ms >= RULES_FROM_MS) {
    const [start, end] = daylightTime(new Date(ms).getUTCFullYear());
    return start <= ms && ms < end ? -420 : -480;
  }
  const match = LONG_OFFSET.exec(pastOffsetName.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '');
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]) + Number(match[4] ?? 0) / 60;
  return match[1] === '-' ? -minutes : minutes;
}

/** The zone's name at an instant, as written after a time: "PST", "PDT", or "PT" (Pacific Time) since 9 March 2026. */
export function bcZoneName(ms: number): string {
  if (ms >= PACIFIC_TIME_FROM_MS) return 'PT';
  return bcOffsetMinutes(ms) === -480 ? 'PST' : 'PDT';
}

/** The B.C. wall clock at an instant, as a Date whose UTC fields read B.C.'s date and time. */
export const bcWallClock = (ms: number): Date => new Date(ms + bcOffsetMinutes(ms) * 60_000);

/** The B.C. day of an instant as an ISO calendar date (`2026-03-31`). */
export const bcDayOf = (ms: number): string => bcWallClock(ms).toISOString().slice(0, 10);

// The wall clock's UTC fields are B.C.'s, so these format in UTC.
const DATE_TIME = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});
const TIME = new Intl.DateTimeFormat('en-CA', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DATE = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' });

/** "Nov 28, 2026, 1:14 p.m. PT": a B.C. date and time with its zone. */
export const formatBcDateTime = (ms: number): string => `${DATE_TIME.format(bcWallClock(ms))} ${bcZoneName(ms)}`;
/** "1:14 p.m. PT": a B.C. time of day with its zone. */
export const formatBcTime = (ms: number): string => `${TIME.format(bcWallClock(ms))} ${bcZoneName(ms)}`;
/** "Nov 28, 2026" (short) or "November 28, 2026" (long): the B.C. day of an instant. */
export const formatBcDate = (ms: number, style: 'short' | 'long' = 'short'): string =>
  (style === 'long' ? LONG_DATE : SHORT_DATE).format(bcWallClock(ms));
