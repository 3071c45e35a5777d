import { describe, expect, it } from 'vitest';
import { type Privileges, type Profile } from '../../../../shared/schemas/profile.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { dueInstitutionIds, institutionDue, percentOf, provinceProgress, seesProvinceProgress } from './what-is-due.ts';
import { profileWith } from '../../../lib/profile.test-support.ts';

const user = (privileges: Partial<Privileges>): Profile => profileWith(privileges);

let nextId = 1;
function ret(
  institution: [number, string],
  period: [number, string, TermReturn['term'], string],
  state: TermReturn['state'],
  overdue = false,
): TermReturn {
  const [period_id, fiscal_year, term, due_on] = period;
  return {
    id: nextId++,
    institution_id: institution[0],
    institution_name: institution[1],
    period_id,
    fiscal_year,
    term,
    state,
    expected: 4,
    reported: 2,
    submitted: 1,
    opens_on: '2026-01-01',
    due_on,
    due_again_on: null,
    overdue,
    version: 1,
    first_approved_at: null,
    first_signed_off_at: null,
    on_time: null,
    history: [],
  };
}

const UBC: [number, string] = [1, 'UBC'];
const UVIC: [number, string] = [2, 'UVic'];
const SFU: [number, string] = [3, 'SFU'];
const SPRING: [number, string, TermReturn['term'], string] = [10, '2025/26', 'Spring', '2026-05-31'];
const SUMMER: [number, string, TermReturn['term'], string] = [11, '2026/27', 'Summer', '2026-09-30'];
const FALL: [number, string, TermReturn['term'], string] = [12, '2026/27', 'Fall', '2027-01-31'];

describe('what is due', () => {
  it('shows each person the returns of every institution they hold a privilege on, readers too', () => {
    expect(dueInstitutionIds(user({ read: [2, 1] }))).toEqual([1, 2]);
    expect(dueInstitutionIds(user({ read: [1], write: [3, 2], admin: [2] }))).toEqual([1, 2, 3]);
    expect(dueInstitutionIds(user({ glblAdmin: true, glblRead: true }))).toEqual([]);
  });

  it('shows the province’s progress to those who read every institution, and to no one else', () => {
    expect(seesProvinceProgress(user({ glblAdmin: true }))).toBe(true);
    expect(seesProvinceProgress(user({ glblRead: true }))).toBe(true);
    expect(seesProvinceProgress(user({ read: [1, 2, 3], write: [1], admin: [1] }))).toBe(false);
  });

  it('lists the person’s returns to finish first (the overdue leading, as their due date is past), then the signed off; earliest due first', () => {
    const returns = [
      ret(UVIC, FALL, 'submitted'),
      ret(UVIC, SUMMER, 'in progress'),
      ret(SFU, SPRING, 'not started', true),
      ret(UBC, SPRING, 'in progress', true),
      ret(UVIC, SPRING, 'approved'),
      ret(UVIC, FALL, 'reopened'),
    ];
    const due = institutionDue(returns, [2, 3]);
    expect(due.returns.map((r) => `${r.institution_name} ${r.term} ${r.state}`)).toEqual([
      'SFU Spring not started',
      'UVic Summer in progress',
      'UVic Fall reopened',
      'UVic Spring approved',
      'UVic Fall submitted',
    ]);
    expect(due).toMatchObject({ toFinish: 3, overdue: 1 });
  });

  it('has nothing to finish when every return is submitted or approved', () => {
    const due = institutionDue([ret(UVIC, SPRING, 'submitted'), ret(UVIC, SUMMER, 'approved')], [2]);
    expect(due).toMatchObject({ toFinish: 0, overdue: 0 });
    expect(due.returns).toHaveLength(2);
    expect(institutionDue([], [2])).toMatchObject({ returns: [], toFinish: 0 });
  });

  it('counts each open period across the province, the earliest due first, with its overdue returns by name', () => {
    const returns = [
      ret(UVIC, SPRING, 'in progress', true),
      ret(UBC, SPRING, 'approved'),
      ret(SFU, SPRING, 'submitted'),
      ret([4, 'BCIT'], SPRING, 'not started', true),
      ret(UVIC, SUMMER, 'reopened'),
    ];
    const [spring, summer] = provinceProgress(returns);
    expect(summer).toMatchObject({ term: 'Summer', total: 1, done: 0, approved: 0, overdue: [] });
    expect(summer!.byState.reopened).toBe(1);
    expect(spring).toMatchObject({ fiscalYear: '2025/26', term: 'Spring', dueOn: '2026-05-31', total: 4, done: 2, approved: 1 });
    expect(spring!.byState).toEqual({ 'not started': 1, 'in progress': 1, submitted: 1, approved: 1, reopened: 0 });
    expect(spring!.overdue.map((r) => r.institution_name)).toEqual(['BCIT', 'UVic']);
    expect(provinceProgress([])).toEqual([]);
  });

  it('orders periods by due date, so one with overdue returns leads one just opened', () => {
    const order = provinceProgress([
      ret(UVIC, SPRING, 'submitted'),
      ret(UVIC, FALL, 'submitted'),
      ret(UVIC, SUMMER, 'submitted'),
    ]);
    expect(order.map((p) => p.term)).toEqual(['Spring', 'Summer', 'Fall']);
  });

  it('works out a share as a whole percentage, 0 of nothing', () => {
    expect(percentOf(19, 25)).toBe(76);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(0, 0)).toBe(0);
  });
});
