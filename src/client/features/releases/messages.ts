/**
 * The words of the release calendar (decision 024, docs/disclosure-control.md): everyone who reads reports sees what
 * was released when and what the schedule will release; app admins also release and set the schedule. The page
 * title comes from the route table (src/shared/app-routes.ts).
 */
export const RELEASE_UI = {
  intro:
    'Province figures change only at a release. Between releases, the part of a province figure that comes from institutions you may not read stays as released; your own institutions’ figures are always live.',
  calendarTitle: 'Releases',
  calendarCaption: 'Releases of province figures, newest first',
  columns: { number: 'Release', on: 'Released on', by: 'By', periods: 'Periods', note: 'Note' },
  bySchedule: 'The schedule',
  finalPeriods: 'Final:',
  provisionalPeriods: 'Provisional (p):',
  periodName: (term: string, fiscalYear: string) => `${term} ${fiscalYear}`,
  /** Consecutive periods: one name, or the first and last with how many. */
  periodRun: (first: string, last: string, count: number) => (count === 1 ? first : `${first} to ${last} (${count} periods)`),
  releaseNumber: (n: number) => `Release ${n}`,
  releasedBy: (on: string, by: string) => `${on} · ${by}`,
  none: 'Nothing has been released yet.',
  upcomingTitle: 'Coming releases',
  upcomingNone: 'The schedule has no release to make.',
  upcomingProvisional: (period: string, day: string) => `${period}: provisional release on ${day}`,
  upcomingFinal: (period: string) => `${period}: final release once every return is approved`,
  scheduleText: (days: number | null, final: boolean) =>
    [
      days === null ? 'No provisional releases.' : `A provisional release ${days} days after a period’s due date.`,
      final ? 'A final release once every return of a period is approved (and again after a corrected return is approved).' : '',
    ]
      .filter(Boolean)
      .join(' '),
  admin: {
    title: 'Release now',
    help: 'Choose the periods to release as they stand now. A period whose returns are all approved is released as final; otherwise as provisional (p).',
    caption: 'Periods that can be released, newest first',
    columns: {
      choose: 'Release',
      period: 'Period',
      returns: 'Returns approved',
      latest: 'Latest release',
      changes: 'Changed since',
    },
    choose: (period: string) => `Release ${period}`,
    never: 'never released',
    latest: (n: number, final: boolean) => `release ${n}${final ? '' : ' (p)'}`,
    changes: (added: number, changed: number, removed: number, institutions: number) =>
      added + changed + removed === 0
        ? 'no change'
        : `${[added ? `${added} added` : '', changed ? `${changed} changed` : '', removed ? `${removed} withdrawn` : '']
            .filter(Boolean)
            .join(', ')} (${institutions} institution${institutions === 1 ? '' : 's'})`,
    note: 'Note',
    noteHelp: 'Why this release: it is shown in the calendar to everyone.',
    submit: 'Release the chosen periods',
    released: (n: number) => `Release ${n} is made.`,
    failed: 'The release could not be made.',
    chooseOne: 'Choose at least one period.',
  },
  errors: { calendar: 'The release calendar could not be loaded.', candidates: 'The periods could not be loaded.' },
} as const;
