import { RETURN_STATES, type ReturnState } from '../../../../shared/reporting-cycle.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';

/**
 * What the home page's "What is due" says (docs/reporting-cycle.md): to everyone with privileges on some institutions,
 * each open period's return of those institutions; to those who read every institution (app admins, global readers),
 * each open period's progress across the province and its overdue returns. The returns come from
 * `GET /api/returns?open=true`.
 */

/** Returns that still need the institution: neither signed off nor approved. */
const SIGNED_OFF: readonly ReturnState[] = ['submitted', 'approved'];
export const isSignedOff = (r: Pick<TermReturn, 'state'>) => SIGNED_OFF.includes(r.state);

/**
 * The institutions whose returns the person is shown: every one they hold a privilege on. Those who only read see what
 * their institutions still owe too (a co-op office's reader follows its term as closely as its writers).
 */
export function dueInstitutionIds(profile: Profile): number[] {
  const { read, write, admin } = profile.privileges;
  return [...new Set([...read, ...write, ...admin])].sort((a, b) => a - b);
}

/** Whether the person is shown the province's progress: they may read every institution's returns. */
export const seesProvinceProgress = (profile: Profile) => profile.privileges.glblAdmin || profile.privileges.glblRead;

export interface InstitutionDue {
  /** The open periods' returns: those to finish first (so the overdue lead), then the signed off; earliest due first. */
  returns: TermReturn[];
  /** How many are neither submitted nor approved. */
  toFinish: number;
  overdue: number;
}

/** The person's open returns, in the order they need attention. */
export function institutionDue(returns: readonly TermReturn[], institutionIds: readonly number[]): InstitutionDue {
  const ids = new Set(institutionIds);
  const mine = returns
    .filter((r) => ids.has(r.institution_id))
    .sort(
      (a, b) =>
        Number(isSignedOff(a)) - Number(isSignedOff(b)) ||
        a.due_on.localeCompare(b.due_on) ||
        a.institution_name.localeCompare(b.institution_name),
    );
  return {
    returns: mine,
    toFinish: mine.filter((r) => !isSignedOff(r)).length,
    overdue: mine.filter((r) => r.overdue).length,
  };
}

export interface PeriodProgress {
  periodId: number;
  fiscalYear: string;
  term: TermReturn['term'];
  dueOn: string;
  total: number;
  /** Submitted or approved. */
  done: number;
  approved: number;
  byState: Record<ReturnState, number>;
  /** Its overdue returns, by institution name. */
  overdue: TermReturn[];
}

/**
 * Each open period's progress across the province, in the order it needs attention, as the institutions' returns are:
 * the earliest due first, so a period with overdue returns leads one that has just opened.
 */
export function provinceProgress(returns: readonly TermReturn[]): PeriodProgress[] {
  const byPeriod = new Map<number, PeriodProgress>();
  for (const r of returns) {
    const period = byPeriod.get(r.period_id) ?? {
      periodId: r.period_id,
      fiscalYear: r.fiscal_year,
      term: r.term,
      dueOn: r.due_on,
      total: 0,
      done: 0,
      approved: 0,
      byState: Object.fromEntries(RETURN_STATES.map((s) => [s, 0])) as Record<ReturnState, number>,
      overdue: [],
    };
    period.total += 1;
    if (isSignedOff(r)) period.done += 1;
    if (r.state === 'approved') period.approved += 1;
    period.byState[r.state] += 1;
    if (r.overdue) period.overdue.push(r);
    byPeriod.set(r.period_id, period);
  }
  const periods = [...byPeriod.values()];
  for (const p of periods) p.overdue.sort((a, b) => a.institution_name.localeCompare(b.institution_name));
  return periods.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.fiscalYear.localeCompare(b.fiscalYear));
}

/** A share as a whole percentage for a progress bar (0 when there is nothing to count). */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
