import type { PeriodState } from './lib/period-state.ts';

/**
 * The words of the Periods screen (docs/reporting-cycle.md, "The Periods screen"): app admins see every reporting
 * period, change its dates and add one. The page title comes from the route table (src/shared/app-routes.ts).
 */
export const PERIOD_UI = {
  intro:
    'Each term’s period is made by itself when the term before it starts, with the term calendar’s dates, and opens on its first day. Change a period’s dates here, or add one for a term the calendar has not reached.',
  tableCaption: 'Reporting periods, newest first',
  columns: { period: 'Period', opens: 'Opens', due: 'Due', dates: 'Dates', state: 'State', actions: 'Actions' },
  states: {
    upcoming: 'Upcoming',
    open: 'Open',
    'due soon': 'Due soon',
    'past due': 'Past due',
  } satisfies Record<PeriodState, string>,
  stateHelp: 'Due soon: due within the next two weeks. Past due: its due date has passed (in B.C.).',
  change: 'Change dates',
  changeLabel: (period: string) => `Change the dates of ${period}`,
  changeTitle: (period: string) => `Dates of ${period}`,
  opensOn: 'Opens on',
  dueOn: 'Due on',
  save: 'Save dates',
  cancel: 'Cancel',
  close: 'Close',
  saved: (period: string) => `The dates of ${period} are saved.`,
  add: {
    title: 'Add a period',
    fiscalYear: 'Fiscal year',
    term: 'Term',
    datesHelp: 'Leave the dates empty to follow the term calendar.',
    defaultDate: (day: string) => `Term calendar: ${day}`,
    submit: 'Add the period',
    added: (period: string) => `${period} is added, with a term return for every active institution.`,
    duplicate: 'This period already exists',
  },
  errors: {
    periods: 'The reporting periods could not be loaded.',
    save: 'The dates could not be saved.',
    add: 'The period could not be added.',
  },
  empty: 'No reporting period yet.',
} as const;
