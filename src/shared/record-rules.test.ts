import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMS } from './constants.ts';
import {
  COUNT_FIELDS,
  countFieldError,
  DEMOGRAPHIC_FIELDS,
  fieldRuleErrors,
  fiscalYearError,
  fiscalYearOf,
  missingForSubmission,
  MONEY_FIELDS,
  moneyFieldError,
  normalizeMoney,
  notesError,
  placementRate,
  RECORD_FIELD_LABELS,
  RECORD_FISCAL_YEARS,
  splitTotal,
  statusError,
  summarizeFieldErrors,
  termError,
  validateRecord,
  WORK_TERM_SPLITS,
  type CountField,
  type SplitName,
} from './record-rules.ts';
import { VALID_RECORD_COUNTS, validCountsArbitrary } from './record-fixtures.ts';

/** A complete, consistent submitted record: 42 placed of 50 seeking of 100 enrolled. */
const VALID = {
  fiscal_year: '2024/25',
  term: 'Fall',
  status: 'submitted',
  ...VALID_RECORD_COUNTS,
  avg_hourly_wage: '23.45',
  coop_fee_domestic: '750.00',
  coop_fee_international: null,
  notes: null,
};

describe('field rules', () => {
  it('fiscal years: YYYY/YY with YY the next year’s last two digits', () => {
    for (const ok of ['2024/25', '1999/00', '2099/00', '1900/01', '2998/99']) expect(fiscalYearError(ok)).toBeNull();
    // Years no reporting period can have: such a record could never be in a return.
    for (const far of ['0000/01', '1899/00', '2999/00', '9999/00'])
      expect(fiscalYearError(far)).toBe('Fiscal year must be from 1900/01 to 2998/99');
    expect(fiscalYearError('2024/26')).toBe(
      'Fiscal year 2024/26 is not valid: a fiscal year starting in 2024 is written 2024/25',
    );
    for (const bad of ['2024-25', '24/25', '2024/2025', ' 2024/25', '2024/25 ', 2024]) {
      expect(fiscalYearError(bad)).toMatch(/^Fiscal year must be written like 2024\/25/);
    }
    for (const blank of [undefined, null, '', '  ']) expect(fiscalYearError(blank)).toBe('Fiscal year is required');
    expect(fiscalYearOf(2024)).toBe('2024/25');
    expect(fiscalYearOf(1999)).toBe('1999/00');
  });

  it('fiscalYearOf gives a valid fiscal year in the record years, and any other second half is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9998 }), fc.integer({ min: 0, max: 99 }), (year, yy) => {
        const inRange = year >= RECORD_FISCAL_YEARS.first && year <= RECORD_FISCAL_YEARS.last;
        expect(fiscalYearError(fiscalYearOf(year)) === null).toBe(inRange);
        const other = `${String(year).padStart(4, '0')}/${String(yy).padStart(2, '0')}`;
        expect(fiscalYearError(other) === null).toBe(inRange && yy === (year + 1) % 100);
      }),
    );
  });

  it('terms, statuses and notes', () => {
    for (const term of TERMS) expect(termError(term)).toBeNull();
    expect(termError('Winter')).toBe('Term must be one of: Summer, Fall, Spring');
    expect(termError('fall')).toBe('Term must be one of: Summer, Fall, Spring');
    expect(termError(undefined)).toBe('Term is required');
    expect(statusError('draft')).toBeNull();
    expect(statusError('submitted')).toBeNull();
    expect(statusError(undefined)).toBeNull();
    expect(statusError('final')).toBe('Status must be draft or submitted');
    expect(notesError(null)).toBeNull();
    expect(notesError('x'.repeat(4000))).toBeNull();
    expect(notesError('x'.repeat(4001))).toBe('Notes must be at most 4,000 characters');
    expect(notesError(5)).toBe('Notes must be text');
    // The shared text rule, judged as the API will store the notes: the form shows the same words before sending.
    expect(notesError('First line\r\nsecond\twith a tab')).toBeNull();
    expect(notesError('Fine\u0000not')).toBe('Notes cannot contain control characters');
    expect(notesError('broken \uD83D')).toBe(
      'Notes contains half of a character (a broken emoji or symbol); delete it and type it again',
    );
    expect(notesError(`  ${'x'.repeat(4000)}  `)).toBeNull();
  });

  it('counts: whole numbers from 0 to 1,000,000; blank is not an error on its own', () => {
    for (const ok of [0, 1, 1_000_000, null, undefined, '']) expect(countFieldError('students_placed', ok)).toBeNull();
    expect(countFieldError('students_placed', -1)).toBe('Students placed cannot be negative');
    expect(countFieldError('students_placed', 1.5)).toBe('Students placed must be a whole number');
    expect(countFieldError('students_placed', '3')).toBe('Students placed must be a whole number');
    expect(countFieldError('students_placed', Number.NaN)).toBe('Students placed must be a whole number');
    expect(countFieldError('students_placed', Number.POSITIVE_INFINITY)).toBe('Students placed must be a whole number');
    expect(countFieldError('wt_nechako', 1_000_001)).toBe('Work terms in Nechako must be at most 1,000,000');
  });

  it('money: a string amount ≥ 0 with at most two decimals, below $100,000,000', () => {
    for (const ok of ['23.45', '0', '0.5', '7.50', '99999999.99', '00000001.00', null, '']) {
      expect(moneyFieldError('avg_hourly_wage', ok)).toBeNull();
    }
    expect(moneyFieldError('avg_hourly_wage', '23.456')).toBe(
      'Average hourly wage can have at most two decimals (cents), such as 23.45',
    );
    expect(moneyFieldError('avg_hourly_wage', '-1')).toBe('Average hourly wage cannot be negative');
    expect(moneyFieldError('coop_fee_domestic', '100000000')).toBe('Co-op fee (domestic) must be less than $100,000,000');
    for (const bad of ['abc', '1e3', '.5', '5.', '$5', '1,000', ' 5', 23.45]) {
      expect(moneyFieldError('coop_fee_international', bad)).toBe(
        'Co-op fee (international) must be an amount in dollars and cents, such as 23.45',
      );
    }
  });

  it('money: any amount with at most two decimals passes and normalizes to two decimals; three or more fail', () => {
    fc.assert(
      fc.property(fc.nat(99_999_999), fc.nat(999), fc.integer({ min: 0, max: 3 }), (whole, cents, places) => {
        const fraction = String(cents).padStart(3, '0').slice(0, places);
        const text = places === 0 ? String(whole) : `${whole}.${fraction}`;
        expect(moneyFieldError('avg_hourly_wage', text) === null).toBe(places <= 2);
        if (places <= 2) expect(normalizeMoney(text)).toBe((whole + Number(`0.${fraction || '0'}`)).toFixed(2));
      }),
    );
    expect(normalizeMoney('007.5')).toBe('7.50');
    expect(normalizeMoney('0')).toBe('0.00');
    expect(normalizeMoney('0.05')).toBe('0.05');
  });
});

describe('validateRecord', () => {
  it('accepts a complete, consistent submitted record', () => {
    expect(validateRecord(VALID)).toEqual({});
  });

  it('accepts a draft with only its keys, and lists every count a submission would still need', () => {
    const draft = { fiscal_year: '2024/25', term: 'Summer', status: 'draft' };
    expect(validateRecord(draft)).toEqual({});
    expect(validateRecord({ fiscal_year: '2024/25', term: 'Summer' })).toEqual({});
    expect(missingForSubmission(draft)).toEqual([...COUNT_FIELDS]);
    const asSubmitted = validateRecord(draft, { status: 'submitted' });
    expect(Object.keys(asSubmitted)).toEqual([...COUNT_FIELDS]);
    expect(asSubmitted.students_enrolled).toEqual([
      'Students enrolled is required to submit the record; save it as a draft to finish later',
    ]);
  });

  it('always requires fiscal year and term', () => {
    expect(validateRecord({ status: 'draft' })).toEqual({ fiscal_year: ['Fiscal year is required'], term: ['Term is required'] });
  });

  it('keeps placed ≤ seeking ≤ enrolled, for drafts too', () => {
    for (const status of ['draft', 'submitted']) {
      expect(validateRecord({ ...VALID, status, students_placed: 51, students_seeking: 50 }).students_placed).toEqual([
        'Students placed (51) cannot be more than students seeking a work term (50)',
      ]);
      expect(validateRecord({ ...VALID, status, students_seeking: 101 }).students_seeking).toEqual([
        'Students seeking a work term (101) cannot be more than students enrolled (100)',
      ]);
    }
    // With seeking not yet entered, placed is still compared with enrolled.
    expect(validateRecord({ ...VALID, status: 'draft', students_seeking: null, students_enrolled: 40 })).toEqual({
      students_placed: ['Students placed (42) cannot be more than students enrolled (40)'],
    });
    expect(
      validateRecord({ ...VALID, students_placed: 50, students_seeking: 50, students_enrolled: 50 }).students_placed,
    ).toBeUndefined();
  });

  it('keeps new employers ≤ employers and each demographic count ≤ placed', () => {
    expect(validateRecord({ ...VALID, employers_new: 31 })).toEqual({
      employers_new: ['New employers (31) cannot be more than employers in total (30)'],
    });
    expect(validateRecord({ ...VALID, employers_new: 30 })).toEqual({});
    for (const field of DEMOGRAPHIC_FIELDS) {
      expect(validateRecord({ ...VALID, [field]: 43 })).toEqual({
        [field]: [`${RECORD_FIELD_LABELS[field]} (43) cannot be more than students placed (42)`],
      });
      expect(validateRecord({ ...VALID, [field]: 42 })).toEqual({});
    }
  });

  it('requires each split to add up to placed when submitted, reported on the split’s first field', () => {
    expect(validateRecord({ ...VALID, wt_8_month: 9 })).toEqual({
      wt_4_month: ['Work terms by duration add up to 41; they must equal students placed (42)'],
    });
    expect(validateRecord({ ...VALID, wt_international: 3 })).toEqual({
      wt_vancouver_island_coast: ['Work terms by location add up to 44; they must equal students placed (42)'],
    });
    expect(validateRecord({ ...VALID, wt_public: 0 })).toEqual({
      wt_private: ['Work terms by employer sector add up to 32; they must equal students placed (42)'],
    });
    // A draft is work in progress: its splits are not checked.
    expect(validateRecord({ ...VALID, status: 'draft', wt_8_month: 9, wt_public: 0 })).toEqual({});
  });

  it('does not pile a sum or comparison error on a value that is itself wrong or missing', () => {
    expect(validateRecord({ ...VALID, wt_8_month: -1 })).toEqual({ wt_8_month: ['8-month work terms cannot be negative'] });
    expect(validateRecord({ ...VALID, wt_8_month: null })).toEqual({
      wt_8_month: ['8-month work terms is required to submit the record; save it as a draft to finish later'],
    });
    expect(validateRecord({ ...VALID, students_placed: 1.5 })).toEqual({
      students_placed: ['Students placed must be a whole number'],
    });
  });

  it('treats an empty form input as blank', () => {
    expect(validateRecord({ ...VALID, status: 'draft', wt_kootenay: '', avg_hourly_wage: '' })).toEqual({});
    expect(Object.keys(validateRecord({ ...VALID, wt_kootenay: '' }))).toEqual(['wt_kootenay']);
  });

  it('fieldRuleErrors checks each value alone, never the comparisons', () => {
    expect(fieldRuleErrors({ ...VALID, students_placed: 500, wt_kootenay: -2 })).toEqual({
      wt_kootenay: ['Work terms in Kootenay cannot be negative'],
    });
  });
});

describe('helpers for the form', () => {
  it('gives running work-term totals, counting blanks as 0', () => {
    for (const split of ['duration', 'location', 'sector'] as const) expect(splitTotal(VALID, split)).toBe(42);
    const partial = { wt_4_month: 3, wt_8_month: '', wt_public: 2, wt_nonprofit: null };
    expect([splitTotal(partial, 'duration'), splitTotal(partial, 'location'), splitTotal(partial, 'sector')]).toEqual([3, 0, 2]);
    expect(splitTotal({ ...VALID, wt_cariboo: 4 }, 'location')).toBe(45);
  });

  it('gives the placement rate, or null when it cannot be computed', () => {
    expect(placementRate(VALID)).toBeCloseTo(0.84);
    expect(placementRate({ students_placed: 0, students_seeking: 0 })).toBeNull();
    expect(placementRate({ students_placed: 3 })).toBeNull();
  });

  it('summarizes errors in one sentence', () => {
    expect(summarizeFieldErrors({})).toBe('The record is valid');
    expect(summarizeFieldErrors({ a: ['One'], b: ['Two'] })).toBe('The record cannot be saved: One. Two.');
    expect(summarizeFieldErrors({ a: ['One', 'Two'], b: ['Three'], c: ['Four'], d: ['Five'] })).toBe(
      'The record cannot be saved: One. Two. Three. And 2 more problems.',
    );
  });
});

// ---- Properties ---------------------------------------------------------------------------------------

const amount = fc.option(
  fc.tuple(fc.nat(99_999_999), fc.nat(99)).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`),
);

/** Any complete submitted record that keeps every rule. */
const validRecord = fc
  .record({
    fiscal_year: fc.integer({ min: 1990, max: 2100 }).map(fiscalYearOf),
    term: fc.constantFrom(...TERMS),
    status: fc.constant('submitted'),
    counts: validCountsArbitrary,
    money: fc.record(Object.fromEntries(MONEY_FIELDS.map((field) => [field, amount]))),
    notes: fc.option(fc.string({ maxLength: 200 })),
  })
  .map(({ counts, money, ...rest }): Record<string, unknown> => ({ ...rest, ...counts, ...money }));

describe('properties', () => {
  it('any consistent record passes, submitted or draft', () => {
    fc.assert(
      fc.property(validRecord, (record) => {
        expect(validateRecord(record)).toEqual({});
        expect(validateRecord({ ...record, status: 'draft' })).toEqual({});
      }),
    );
  });

  it('breaking one split fails, naming exactly that split’s field, with its total and students placed', () => {
    fc.assert(
      fc.property(
        validRecord,
        fc.constantFrom<SplitName>('duration', 'location', 'sector'),
        fc.nat(100),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        (record, split, pick, delta, up) => {
          const { fields, errorField, label } = WORK_TERM_SPLITS[split];
          const field = fields[pick % fields.length]!;
          const value = record[field] as number;
          fc.pre(up || value >= delta);
          const broken = { ...record, [field]: up ? value + delta : value - delta };
          const total = (record.students_placed as number) + (up ? delta : -delta);
          expect(validateRecord(broken)).toEqual({
            [errorField]: [`${label} add up to ${total}; they must equal students placed (${record.students_placed})`],
          });
          // The same record is a valid draft.
          expect(validateRecord({ ...broken, status: 'draft' })).toEqual({});
        },
      ),
    );
  });

  it('blanking any counts keeps a draft valid, and a submission names exactly the blanked counts', () => {
    fc.assert(
      fc.property(validRecord, fc.subarray([...COUNT_FIELDS], { minLength: 1 }), (record, blanked) => {
        const partial = { ...record, ...Object.fromEntries(blanked.map((f) => [f, null])) };
        expect(validateRecord({ ...partial, status: 'draft' })).toEqual({});
        expect(Object.keys(validateRecord(partial)).sort()).toEqual([...blanked].sort());
        expect(missingForSubmission(partial).sort()).toEqual([...blanked].sort() as CountField[]);
      }),
    );
  });

  it('any negative or fractional count is refused, naming that field', () => {
    fc.assert(
      fc.property(
        validRecord,
        fc.constantFrom(...COUNT_FIELDS),
        fc.oneof(fc.integer({ min: -1000, max: -1 }), fc.double({ min: 0.01, max: 1000, noInteger: true, noNaN: true })),
        (record, field, bad) => {
          const errors = validateRecord({ ...record, [field]: bad });
          expect(errors[field]).toHaveLength(1);
          expect(errors[field]![0]).toMatch(/cannot be negative|must be a whole number/);
        },
      ),
    );
  });
});
