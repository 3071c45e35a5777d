import { describe, expect, it } from 'vitest';
import { readRecordQuery, recordQueryToSearch } from '../../../../shared/find-criteria-url.ts';
import { checkFindForm, criteriaToFindForm, emptyFindForm, FIND_FORM_FIELDS, validateFindForm } from './find-form.ts';

describe('find form', () => {
  it('an empty form finds everything', () => {
    expect(checkFindForm(emptyFindForm())).toEqual({ ok: true, criteria: {} });
  });

  it('turns what was chosen and typed into criteria, blanks left out', () => {
    const values = {
      ...emptyFindForm(),
      institutionIds: ['4', '9'],
      fiscalYearFrom: '2020/21',
      fiscalYearTo: '2023/24',
      terms: ['Fall', 'Spring'],
      status: 'submitted',
      programName: '  co-op  ',
      placedMin: ' 5 ',
    };
    expect(checkFindForm(values)).toEqual({
      ok: true,
      criteria: {
        institutionIds: [4, 9],
        fiscalYearFrom: '2020/21',
        fiscalYearTo: '2023/24',
        terms: ['Fall', 'Spring'],
        status: 'submitted',
        programName: 'co-op',
        placedMin: 5,
      },
    });
  });

  it('puts a backwards year range on the second year, in words', () => {
    const check = checkFindForm({ ...emptyFindForm(), fiscalYearFrom: '2023/24', fiscalYearTo: '2020/21' });
    expect(check).toEqual({
      ok: false,
      errors: { fiscalYearTo: 'The last fiscal year (2020/21) must not be before the first (2023/24)' },
    });
  });

  it('puts a backwards placement range on the upper bound, and refuses what is not a whole number', () => {
    expect(validateFindForm({ ...emptyFindForm(), placedMin: '10', placedMax: '3' })).toEqual({
      placedMax: 'Students placed, at most (3), must not be less than at least (10)',
    });
    expect(validateFindForm({ ...emptyFindForm(), placedMin: 'ten', placedMax: '2.5' })).toEqual({
      placedMin: 'Students placed, at least, must be a whole number from 0 to 1,000,000',
      placedMax: 'Students placed, at most, must be a whole number from 0 to 1,000,000',
    });
    expect(validateFindForm({ ...emptyFindForm(), placedMin: '-1' })).toHaveProperty('placedMin');
    expect(validateFindForm({ ...emptyFindForm(), placedMax: '1000001' })).toHaveProperty('placedMax');
  });

  it('reports a backwards range together with a mistyped number', () => {
    expect(
      validateFindForm({ ...emptyFindForm(), fiscalYearFrom: '2024/25', fiscalYearTo: '2020/21', placedMin: 'abc' }),
    ).toEqual({
      placedMin: 'Students placed, at least, must be a whole number from 0 to 1,000,000',
      fiscalYearTo: 'The last fiscal year (2020/21) must not be before the first (2024/25)',
    });
  });

  it('refuses a year that is not a fiscal year, and an overlong name', () => {
    expect(validateFindForm({ ...emptyFindForm(), fiscalYearFrom: '2024/26' })).toEqual({
      fiscalYearFrom: 'Choose a fiscal year from the list',
    });
    expect(validateFindForm({ ...emptyFindForm(), programName: 'x'.repeat(201) })).toHaveProperty('programName');
  });

  it('fills in from a URL’s criteria, and gives the same criteria back', () => {
    const read = readRecordQuery(
      new URLSearchParams('institutionIds=2&programIds=5&terms=Summer&wilTypes=Internship&placedMax=0&fiscalYearTo=2019/20'),
    );
    if (!read.ok) throw new Error('the URL should be valid');
    const values = criteriaToFindForm(read.query.criteria);
    expect(values).toMatchObject({ institutionIds: ['2'], programIds: ['5'], terms: ['Summer'], placedMax: '0', placedMin: '' });
    const check = checkFindForm(values);
    expect(check).toEqual({ ok: true, criteria: read.query.criteria });
    if (check.ok)
      expect(recordQueryToSearch({ criteria: check.criteria }).toString()).toBe(
        'institutionIds=2&programIds=5&fiscalYearTo=2019%2F20&terms=Summer&wilTypes=Internship&placedMax=0',
      );
  });

  it('names every field once, each with its own input id', () => {
    expect(new Set(FIND_FORM_FIELDS.map((f) => f.name)).size).toBe(Object.keys(emptyFindForm()).length);
    expect(new Set(FIND_FORM_FIELDS.map((f) => f.id)).size).toBe(FIND_FORM_FIELDS.length);
  });
});
