import { wordList } from './word-list.ts';

/**
 * The reporting cycle's states and transitions (docs/product.md §11.2, docs/reporting-cycle.md), for the server that enforces
 * them and the screens that offer them.
 *
 * A term return stores one of four sign-off states; the API shows five, because an open return is "not started" until
 * the institution has a record in that fiscal year and term, and "in progress" from then on.
 */

/** What a return row stores. */
export const STORED_RETURN_STATES = ['open', 'submitted', 'approved', 'reopened'] as const;
export type StoredReturnState = (typeof STORED_RETURN_STATES)[number];

/** What the API and the screens show. */
export const RETURN_STATES = ['not started', 'in progress', 'submitted', 'approved', 'reopened'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/**
 * What the completeness matrix's state filter offers (return-matrix.ts, and the returns query in schemas/returns.ts):
 * a shown state, or "overdue" (a return past its due date and not signed off).
 */
export const MATRIX_STATE_FILTERS = [...RETURN_STATES, 'overdue'] as const;
export type MatrixStateFilter = (typeof MATRIX_STATE_FILTERS)[number];

/** States whose records no path may change: the lock of docs/decisions/021. */
export const LOCKED_RETURN_STATES: readonly StoredReturnState[] = ['submitted', 'approved'];

/** The sign-off actions, as their routes name them (`POST /api/returns/{id}/<action>`). */
export const RETURN_ACTIONS = ['submit', 'send-back', 'approve', 'reopen'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** Who may take an action: an institution's admins (and app admins), or app admins alone. */
export type ReturnActor = 'institution admin' | 'app admin';

export interface ReturnTransition {
  from: readonly StoredReturnState[];
  to: StoredReturnState;
  who: ReturnActor;
  /** A reason is required (and kept in the history). */
  reason: boolean;
}

/** The state machine. Submitting also needs every expected program to have a submitted record. */
export const RETURN_TRANSITIONS: Record<ReturnAction, ReturnTransition> = {
  submit: { from: ['open', 'reopened'], to: 'submitted', who: 'institution admin', reason: false },
  'send-back': { from: ['submitted'], to: 'open', who: 'app admin', reason: true },
  approve: { from: ['submitted'], to: 'approved', who: 'app admin', reason: false },
  reopen: { from: ['approved'], to: 'reopened', who: 'app admin', reason: true },
};

/**
 * The states in which the institution is still making the return: its programs may be filled with zero records and
 * it may be signed off. The server refuses and the screens offer by this one list.
 */
export const OPEN_RETURN_STATES: readonly StoredReturnState[] = RETURN_TRANSITIONS.submit.from;

/** The stored state behind a shown one: "not started" and "in progress" are an open return. */
export const storedReturnState = (state: ReturnState): StoredReturnState =>
  state === 'not started' || state === 'in progress' ? 'open' : state;

/** Whether the institution is still making a return in this state (OPEN_RETURN_STATES). */
export const isOpenReturnState = (state: ReturnState): boolean => OPEN_RETURN_STATES.includes(storedReturnState(state));

/** Whether `action` may be taken on a return in `state`, by the state machine alone (not who asks). */
export const allowedInState = (action: ReturnAction | 'fill-zeros', state: ReturnState): boolean =>
  action === 'fill-zeros' ? isOpenReturnState(state) : RETURN_TRANSITIONS[action].from.includes(storedReturnState(state));

/** The state shown for a stored state: an open return is "not started" until it has a record. */
export function shownReturnState(stored: StoredReturnState, hasRecords: boolean): ReturnState {
  if (stored !== 'open') return stored;
  return hasRecords ? 'in progress' : 'not started';
}

/** Whether the records of a return in this state may change. */
export const isLockedReturnState = (state: StoredReturnState | ReturnState): boolean =>
  (LOCKED_RETURN_STATES as readonly string[]).includes(state);

/** How a return is named in messages: "UVic's Fall 2025/26 return". */
export const returnName = (institution: string, fiscalYear: string, term: string) =>
  `${institution}'s ${term} ${fiscalYear} return`;

/**
 * Why a record of a locked return cannot change, and who can unlock it (the 409 `return_locked` message, the import's
 * refused rows, and later the record form).
 */
export function returnLockedMessage(institution: string, fiscalYear: string, term: string, state: StoredReturnState): string {
  const unlock =
    state === 'approved'
      ? 'An app admin can reopen it, with a reason, to allow corrections.'
      : 'An app admin can send it back for correction; until then its records cannot change.';
  return `${returnName(institution, fiscalYear, term)} is ${state}, so its records cannot be added or changed. ${unlock}`;
}

const ACTION_PAST: Record<ReturnAction, string> = {
  submit: 'signed off',
  'send-back': 'sent back',
  approve: 'approved',
  reopen: 'reopened',
};

/** The 409 message of an action the return's state does not allow. */
export function wrongStateMessage(action: ReturnAction, state: ReturnState): string {
  const states = RETURN_TRANSITIONS[action].from.flatMap((s) => (s === 'open' ? ['not started', 'in progress'] : [s]));
  return `This return is ${state}: it can be ${ACTION_PAST[action]} only when it is ${wordList(states, 'or')}.`;
}
