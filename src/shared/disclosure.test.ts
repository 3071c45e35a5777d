import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, WIL_TYPES } from './constants.ts';
import {
  CUT_ADVICE,
  cutsReleaseGroups,
  DEFAULT_DISCLOSURE_RULE,
  judgeContributions,
  SUPPRESSED_MARK,
  SUPPRESSION_ADVICE,
  suppressionFootnotes,
  UNRELEASED_ADVICE,
  UNRELEASED_MARK,
} from './disclosure.ts';
import type { SuppressionReason } from './schemas/report.ts';

const rule = DEFAULT_DISCLOSURE_RULE;

describe('the disclosure rule', () => {
  it('asks for three institutions with a figure above zero; a zero does not make up the number', () => {
    expect(judgeContributions([10, 20], rule)).toBe('threshold');
    expect(judgeContributions([10, 20, null, null], rule)).toBe('threshold');
    // The sum would be two institutions' sum: the third's 0 must not let it through.
    expect(judgeContributions([4, 1, 0], rule)).toBe('threshold');
    expect(judgeContributions([10, 20, 30], rule)).toBeNull();
  });

  it('a zero passes with three institutions behind it; nothing to protect passes', () => {
    expect(judgeContributions([0, 0, 0], rule)).toBeNull();
    expect(judgeContributions([0, 0], rule)).toBe('threshold');
    expect(judgeContributions([0, null], rule)).toBe('threshold');
    expect(judgeContributions([null, null], rule)).toBeNull();
    expect(judgeContributions([], rule)).toBeNull();
  });

  it('hides a part one institution holds more than 85% of (exactly 85% passes)', () => {
    expect(judgeContributions([86, 7, 7], rule)).toBe('dominance');
    expect(judgeContributions([85, 10, 5], rule)).toBeNull();
    expect(judgeContributions([5, 5, 5, 90], rule)).toBe('dominance');
  });

  it('follows its settings', () => {
    expect(judgeContributions([10, 20], { minInstitutions: 2, maxSharePercent: 85 })).toBeNull();
    expect(judgeContributions([86, 7, 7], { minInstitutions: 3, maxSharePercent: 90 })).toBeNull();
  });

  // The partition argument of decision 020 rests on this: a sum of blocks that each pass passes too, so subtracting
  // released figures from each other never yields a failing sum.
  it('a sum of parts that pass passes (over the same institutions)', () => {
    const part = fc.array(fc.option(fc.nat(1000), { nil: null }), { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(part, part, (a, b) => {
        fc.pre(judgeContributions(a, rule) === null && judgeContributions(b, rule) === null);
        const sum = a.map((v, n) => (v === null && b[n] === null ? null : (v ?? 0) + (b[n] ?? 0)));
        expect(judgeContributions(sum, rule)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('suppression footnotes', () => {
  it('say once per reason which figures are hidden and why, then how to see more', () => {
    const notes = suppressionFootnotes(
      { a: 'threshold', b: 'dominance', c: 'threshold' },
      { a: 'Placed', b: 'Seeking', c: 'Placement %' },
      rule,
    );
    expect(notes).toHaveLength(3);
    expect(notes[0]).toBe(
      `${SUPPRESSED_MARK}: Placed, Placement % — not shown because fewer than 3 of the institutions whose records you may not read contribute to it, so it would show one institution's own figures.`,
    );
    expect(notes[1]).toContain('more than 85%');
    expect(notes[2]).toMatch(/^To see more of the province, widen the filters/);
    expect(suppressionFootnotes({}, {}, rule)).toEqual([]);
  });

  it('advise choosing every credential and WIL type when the question cuts the groups figures are released in', () => {
    const labels = { a: 'Placed', b: 'Seeking' };
    const advice = (suppressed: Record<string, SuppressionReason>, params: Record<string, unknown>) =>
      suppressionFootnotes(suppressed, labels, rule, { params }).at(-1);
    // Some credentials or some WIL types: more years or terms would cut the same groups.
    expect(advice({ a: 'partial' }, { credentials: ["Bachelor's Degree"] })).toBe(CUT_ADVICE);
    expect(advice({ a: 'partial', b: 'threshold' }, { wilTypes: [WIL_TYPES[0]], fiscalYearFrom: '2024/25' })).toBe(CUT_ADVICE);
    // Every credential is no cut; nor is a discipline (groups lie within one); nor is a figure hidden for its own count.
    expect(advice({ a: 'partial' }, { credentials: [...CREDENTIALS] })).toBe(SUPPRESSION_ADVICE);
    expect(advice({ a: 'partial' }, { disciplines: ['Social Sciences'] })).toBe(SUPPRESSION_ADVICE);
    expect(advice({ a: 'threshold' }, { credentials: ["Bachelor's Degree"] })).toBe(SUPPRESSION_ADVICE);
    expect(advice({ a: 'partial' }, {})).toBe(SUPPRESSION_ADVICE);
    expect(cutsReleaseGroups({ credentials: 'Diploma' })).toBe(false);
  });

  it('name the periods not yet released, and advise leaving them out rather than widening the filters', () => {
    const fall = { fiscal_year: '2026/27', term: 'Fall' };
    const spring = { fiscal_year: '2026/27', term: 'Spring' };
    const labels = { a: 'Placed', b: 'Seeking' };
    const waiting = suppressionFootnotes({ a: 'unreleased', b: 'unreleased' }, labels, rule, { unreleased: [fall, spring] });
    expect(waiting).toEqual([
      `${UNRELEASED_MARK}: Placed, Seeking — not shown because the province figures of Fall 2026/27 and Spring 2026/27 have not been released yet.`,
      UNRELEASED_ADVICE,
    ]);
    // Hidden by the rule too: widening the filters helps those.
    expect(suppressionFootnotes({ a: 'unreleased', b: 'threshold' }, labels, rule, { unreleased: [fall] }).at(-1)).toBe(
      SUPPRESSION_ADVICE,
    );
    const many = ['Summer', 'Fall', 'Spring'].flatMap((term) =>
      ['2024/25', '2025/26'].map((fiscal_year) => ({ fiscal_year, term })),
    );
    expect(suppressionFootnotes({ a: 'unreleased' }, labels, rule, { unreleased: many })[0]).toContain(
      'of Summer 2024/25, Summer 2025/26, Fall 2024/25 and 3 more have not',
    );
  });
});
