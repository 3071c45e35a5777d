/**
 * The one clock of the screens: every moment shown (saved, signed off, changed, imported, released) is B.C. time with
 * its zone named ("Nov 24, 2026, 1:05 p.m. PST"), whatever the computer's own zone. Without the zone the same instant
 * read 10:27 p.m. on one line and 3:27 p.m. on the next (issue 29), and the hour after the autumn change is ambiguous.
 */
const BC_TIME = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Vancouver',
  timeZoneName: 'short',
});

/** An ISO instant as a B.C. date and time with the zone ("PST" or "PDT"); a string that is not a time is shown as it is. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return BC_TIME.format(date);
}
