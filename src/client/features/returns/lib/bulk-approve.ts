import { PLACED_CHANGE_THRESHOLD } from '../../../../shared/return-figure-flags.ts';
import type { BulkApproveOutcome, ReturnApprovalFlags, TermReturn } from '../../../../shared/schemas/returns.ts';
import { bcToday } from '../../../../shared/term-calendar.ts';
import { BULK_APPROVE_UI } from '../bulk-approve-messages.ts';
import { RETURN_UI } from '../messages.ts';
import type { ReturnMatrix } from './return-matrix.ts';

const T = BULK_APPROVE_UI;

/**
 * The selection of returns to approve at once: each chosen return as it was when chosen, so its version is the one
 * the admin saw; a return that changes before the confirmation is refused by the server, not approved blind.
 */
export type BulkSelection = ReadonlyMap<number, TermReturn>;

/** Only submitted returns can be approved, so only they can be selected. */
export const isSelectable = (ret: TermReturn | undefined): ret is TermReturn => ret?.state === 'submitted';

/** The submitted returns of one period's column, in the matrix's order. */
export function submittedOfPeriod(matrix: ReturnMatrix, periodId: number): TermReturn[] {
  return matrix.rows.flatMap((row) => {
    const ret = row.cells.get(periodId);
    return isSelectable(ret) ? [ret] : [];
  });
}

/** One return in or out of the selection. */
export function toggleReturn(selection: BulkSelection, ret: TermReturn): Map<number, TermReturn> {
  const next = new Map(selection);
  if (next.has(ret.id)) next.delete(ret.id);
  else next.set(ret.id, ret);
  return next;
}

/** A period's submitted returns all in the selection, or, when they all were already, all out of it. */
export function togglePeriod(selection: BulkSelection, returns: readonly TermReturn[]): Map<number, TermReturn> {
  const next = new Map(selection);
  const all = returns.every((r) => next.has(r.id));
  for (const r of returns) {
    if (all) next.delete(r.id);
    else if (!next.has(r.id)) next.set(r.id, r);
  }
  return next;
}

/** Whether none, some or all of a period's submitted returns are selected (the column's box: empty, dash, ticked). */
export function periodSelectionState(selection: BulkSelection, returns: readonly TermReturn[]): 'none' | 'some' | 'all' {
  const chosen = returns.filter((r) => selection.has(r.id)).length;
  if (chosen === 0) return 'none';
  return chosen === returns.length ? 'all' : 'some';
}

/** "UVic, Fall 2025/26": how a return is named in the confirmation and the result. */
export const returnLabel = (ret: Pick<TermReturn, 'institution_name' | 'term' | 'fiscal_year'>) =>
  `${ret.institution_name}, ${ret.term} ${ret.fiscal_year}`;

/**
 * What an approver should know before approving without opening the return, from what the matrix already holds:
 * signed off after the due date (a B.C. day), sent back before, approved before (reopened since: its figures will
 * be marked revised), or no program expected.
 */
export function returnFlags(ret: TermReturn): string[] {
  const flags: string[] = [];
  const signOff = ret.history.filter((e) => e.action === 'submit').at(-1);
  if (signOff && bcToday(new Date(signOff.at)) > ret.due_on) flags.push(T.flags.late);
  const sentBack = ret.history.filter((e) => e.action === 'send-back').length;
  if (sentBack > 0) flags.push(T.flags.sentBack(sentBack));
  if (ret.first_approved_at !== null) flags.push(T.flags.reapproval);
  if (ret.expected === 0) flags.push(T.flags.noPrograms);
  return flags;
}

/** The result split into approved and refused, each named as chosen (a return no longer listed by its id). */
export function splitOutcomes(outcomes: readonly BulkApproveOutcome[], selection: BulkSelection) {
  const name = (id: number) => {
    const ret = selection.get(id);
    return ret ? returnLabel(ret) : T.unknownReturn(id);
  };
  return {
    approved: outcomes.filter((o) => o.ok).map((o) => ({ id: o.id, label: name(o.id) })),
    refused: outcomes.flatMap((o) => (o.ok ? [] : [{ id: o.id, label: name(o.id), message: o.message }])),
  };
}

const count = new Intl.NumberFormat('en-CA');

/** "+55%", "−32%": a change against last year's figure, rounded to a whole percent. */
function percentChange(before: number, after: number): string {
  const percent = Math.round((100 * (after - before)) / before);
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent)}%`;
}

/**
 * What a return's figures flag, one sentence per kind, from GET /api/returns/approval-flags: its programs far from
 * their history (with the figures so marked) and those whose students placed moved beyond the threshold since the
 * same term last year (last year's figure, this term's and the change); a note that nothing is flagged otherwise.
 */
export function figureFlagTexts(flags: ReturnApprovalFlags): string[] {
  const F = T.figures;
  const texts: string[] = [];
  if (flags.far.length > 0) {
    const programs = flags.far.map((p) =>
      F.farProgram(p.program_name, p.figures.map((f) => RETURN_UI.figures.columns[f]).join(', ')),
    );
    texts.push(F.far(programs.join('; ')));
  }
  if (flags.changed.length > 0) {
    const moves = flags.changed.map((c) =>
      F.move(c.program_name, count.format(c.last_year), count.format(c.now), percentChange(c.last_year, c.now)),
    );
    const period = `${flags.last_year.term} ${flags.last_year.fiscal_year}`;
    texts.push(F.changed(Math.round(PLACED_CHANGE_THRESHOLD * 100), period, moves.join('; ')));
  }
  return texts.length > 0 ? texts : [F.clean];
}
