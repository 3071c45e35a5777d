/**
 * Words of the shared UI pieces in this folder (tables, pagers, dialogs, forms). Kept apart from the screens' words
 * so a French edition can translate them once.
 */
export const UI_PIECES = {
  table: {
    sortHint: 'Select a column heading to sort by it.',
    /** The name of a table's sideways-scrolling region, read when it takes keyboard focus. */
    scrollRegion: (caption: string) => `${caption} (scrolls sideways)`,
    columns: 'Columns',
    columnsHidden: (n: number) => `Columns (${n} hidden)`,
    columnsLegend: 'Columns shown',
    columnsAlways: 'always shown',
    columnsReset: 'Show all columns',
  },
  pager: {
    label: (what: string) => `Pages of ${what}`,
    page: (page: number) => `Page ${page}`,
    previous: 'Previous page',
    next: 'Next page',
    first: 'First page',
    last: 'Last page',
    showing: (from: number, to: number, total: number, what: string) =>
      total === 0
        ? `No ${what} to show`
        : `Showing ${from.toLocaleString('en-CA')}–${to.toLocaleString('en-CA')} of ${total.toLocaleString('en-CA')} ${what}`,
  },
  status: {
    active: 'Active',
    inactive: 'Inactive',
  },
  unsaved: {
    title: 'Discard your changes?',
    body: 'You have changes that have not been saved. If you leave this page now, they will be lost.',
    leave: 'Discard changes',
    stay: 'Keep editing',
  },
  confirm: {
    cancel: 'Cancel',
    close: 'Close',
  },
  clearSearch: 'Clear the search',
  /** A save refused because someone else saved the same thing meanwhile (decision 044). */
  staleEdit: {
    title: 'Saved by someone else meanwhile',
    caption: 'The values where theirs differ from yours',
    field: 'Field',
    theirs: 'Saved now',
    yours: 'Yours, not saved',
    empty: '(empty)',
    yes: 'Yes',
    no: 'No',
    same: 'Where you had changed a value, they saved the same: nothing of yours is left to save.',
    merged: 'The form now shows their values wherever you had not changed one.',
    keepYours: 'Save again to keep yours over theirs.',
    nothingLeft: 'Their values are in the form.',
    useTheirs: 'Use the saved values',
  },
} as const;
