import { describe, expect, it } from 'vitest';
import type { ReturnEvent, TermReturn } from '../../../../shared/schemas/returns.ts';
import { buildReturnMatrix } from './return-matrix.ts';
import {
  figureFlagTexts,
  isSelectable,
  periodSelectionState,
  returnFlags,
  splitOutcomes,
  submittedOfPeriod,
  togglePeriod,
  toggleReturn,
} from './bulk-approve.ts';

const PERIOD = { id: 7, fiscal_year: '2025/26', term: 'Fall' as const, opens_on: '2025-09-01', due_on: '2026-01-31', version: 1 };

const event = (action: string, at: string): ReturnEvent => ({
  id: 1,
  action,
  from_state: 'in progress',
  to_state: 'submitted',
  reason: null,
  on_behalf_reason: null,
  due_again_on: null,
  user_id: 1,
  user_name: 'someone',
  at,
});

const ret = (id: number, name: string, state: TermReturn['state'], extra: Partial<TermReturn> = {}): TermReturn => ({
  id,
  institution_id: id,
  institution_name: name,
  period_id: PERIOD.id,
  fiscal_year: PERIOD.fiscal_year,
  term: PERIOD.term,
  state,
  expected: 3,
  reported: 3,
  submitted: 3,
  opens_on: PERIOD.opens_on,
  due_on: PERIOD.due_on,
  due_again_on: null,
  overdue: false,
  version: 4,
  first_approved_at: null,
  first_signed_off_at: null,
  on_time: null,
  history: [],
  ...extra,
});

describe('selecting returns to approve at once', () => {
  const returns = [
    ret(1, 'UVic', 'submitted'),
    ret(2, 'SFU', 'in progress'),
    ret(3, 'BCIT', 'submitted'),
    ret(4, 'UBC', 'approved'),
  ];
  const matrix = buildReturnMatrix([PERIOD], returns, { fiscalYears: ['2025/26'] });

  it('offers only submitted returns, per period in the matrix’s order', () => {
    expect(returns.filter(isSelectable).map((r) => r.id)).toEqual([1, 3]);
    expect(submittedOfPeriod(matrix, PERIOD.id).map((r) => r.institution_name)).toEqual(['BCIT', 'UVic']);
  });

  it('ticks a period’s submitted returns all at once, and unticks them when all were ticked', () => {
    const column = submittedOfPeriod(matrix, PERIOD.id);
    const one = toggleReturn(new Map(), returns[0]!);
    expect(periodSelectionState(one, column)).toBe('some');
    const all = togglePeriod(one, column);
    expect([...all.keys()].sort()).toEqual([1, 3]);
    expect(periodSelectionState(all, column)).toBe('all');
    expect(periodSelectionState(togglePeriod(all, column), column)).toBe('none');
    expect(toggleReturn(one, returns[0]!).size).toBe(0);
  });

  it('keeps each return as it was when ticked, so its version is the one seen', () => {
    const chosen = toggleReturn(new Map(), returns[0]!);
    expect(chosen.get(1)!.version).toBe(4);
  });

  it('flags a late sign-off (a B.C. day), earlier send-backs, a re-approval and a return without programs', () => {
    expect(returnFlags(ret(1, 'UVic', 'submitted', { history: [event('submit', '2026-02-01T07:59:00Z')] }))).toEqual([]);
    expect(
      returnFlags(
        ret(1, 'UVic', 'submitted', {
          history: [
            event('submit', '2026-01-20T00:00:00Z'),
            event('send-back', '2026-01-25T00:00:00Z'),
            event('submit', '2026-02-01T08:00:00Z'),
          ],
          first_approved_at: '2026-01-22T00:00:00Z',
          expected: 0,
        }),
      ),
    ).toEqual([
      'signed off after its due date',
      'sent back once before',
      'approved before and reopened: its figures will be marked revised',
      'no programs expected',
    ]);
  });

  it('splits the answer into approved and refused, named by institution and period', () => {
    const chosen = togglePeriod(new Map(), [returns[0]!, returns[2]!]);
    const split = splitOutcomes(
      [
        { id: 1, ok: true },
        { id: 3, ok: false, code: 'return_version', message: 'This return changed' },
      ],
      chosen,
    );
    expect(split).toEqual({
      approved: [{ id: 1, label: 'UVic, Fall 2025/26' }],
      refused: [{ id: 3, label: 'BCIT, Fall 2025/26', message: 'This return changed' }],
    });
  });
});

describe('the figure flags in the confirmation', () => {
  const flags = {
    id: 1,
    last_year: { fiscal_year: '2024/25', term: 'Fall' as const },
    far: [{ program_id: 2, program_name: 'Beta Co-op', figures: ['students_placed' as const, 'avg_hourly_wage' as const] }],
    changed: [
      { program_id: 2, program_name: 'Beta Co-op', figure: 'students_placed' as const, last_year: 42, now: 1200 },
      { program_id: 3, program_name: 'Gamma', figure: 'students_placed' as const, last_year: 40, now: 26 },
    ],
  };

  it('says which programs are far from their history, and how students placed moved since the same term last year', () => {
    expect(figureFlagTexts(flags)).toEqual([
      'Far from their history: Beta Co-op (Placed, Average wage)',
      'Students placed changed by more than 25% since Fall 2024/25: Beta Co-op 42 → 1,200 (+2757%); Gamma 40 → 26 (−35%)',
    ]);
  });

  it('says so when the figures flag nothing', () => {
    expect(figureFlagTexts({ ...flags, far: [], changed: [] })).toEqual([
      'Figures: none far from their history, no large change since last year',
    ]);
  });
});
