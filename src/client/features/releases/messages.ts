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
  upcomingToday: (period: string, final: boolean) =>
    `${period}: ${final ? 'final' : 'provisional'} release today (the schedule makes it within the hour)`,
  upcomingFirstFigures: (period: string) => `${period}: provisional release as soon as any figures are submitted`,
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
    caption: 'Periods with something new to release, newest first',
    restCaption: 'Periods with nothing new since their latest release, newest first',
    nothingNew: 'Nothing new to release: every period stands as last released.',
    showRest: (n: number) =>
      `Show the ${n} period${n === 1 ? '' : 's'} with nothing new since ${n === 1 ? 'its' : 'their'} latest release`,
    hideRest: (n: number) => `Hide the ${n} period${n === 1 ? '' : 's'} with nothing new`,
    columns: {
      period: 'Period',
      returns: 'Returns approved',
      latest: 'Latest release',
      changes: 'Changed since',
      now: 'Released now as',
      release: 'What a release would take',
    },
    releasedNowAs: (final: boolean) => (final ? 'final' : 'provisional (p)'),
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
  schedule: {
    title: 'Release schedule',
    help: 'The schedule looks every hour for a release to make. A provisional release shows a period’s figures, marked p, some days after its due date; the final release follows once every return of the period is approved.',
    lastChanged: (on: string, by: string | null) => `Last changed on ${on}${by ? ` by ${by}` : ''}.`,
    neverChanged: 'As first set up: not changed since.',
    provisional: 'Provisional release after a period’s due date',
    days: 'Days after the due date',
    daysHelp: 'From 0 to 365: 0 releases on the due date itself.',
    final: 'Final release once every return of a period is approved',
    changedMeanwhile: 'Changed by someone else',
    save: 'Save the schedule',
    saved: 'The release schedule is saved.',
    failed: 'The release schedule could not be saved.',
  },
  errors: { calendar: 'The release calendar could not be loaded.', candidates: 'The periods could not be loaded.' },
} as const;
