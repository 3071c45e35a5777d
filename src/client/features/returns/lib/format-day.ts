/** A calendar day `YYYY-MM-DD` as people read it ("Jan 31, 2026"); the day is the day, whatever the viewer's zone. */
export function formatDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat('en-CA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A time of day: the app's one clock (B.C. time, zone named), kept here too for the returns screens that import it. */
export { formatInstant } from '../../../lib/format-instant.ts';
