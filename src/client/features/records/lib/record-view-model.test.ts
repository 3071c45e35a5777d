import { describe, expect, it } from 'vitest';
import type { RecordQuery } from '../../../../shared/find-criteria-url.ts';
import {
  pageWindow,
  SEVERAL,
  singleChoice,
  withCriteria,
  withoutCriteria,
  withPage,
  withPageSize,
  withSort,
} from './record-view-model.ts';

const view: RecordQuery = { criteria: { terms: ['Fall'], institutionIds: [3] }, page: 4, pageSize: 25, sort: 'program:asc' };

describe('changing a view', () => {
  it('sets and clears criteria and goes back to page 1', () => {
    expect(withCriteria(view, { terms: ['Spring'], institutionIds: [] })).toEqual({
      criteria: { terms: ['Spring'] },
      page: 1,
      pageSize: 25,
      sort: 'program:asc',
    });
    expect(withCriteria(view, { status: 'draft', fiscalYearFrom: '' }).criteria).toEqual({
      terms: ['Fall'],
      institutionIds: [3],
      status: 'draft',
    });
  });

  it('keeps the page on paging only', () => {
    expect(withPage(view, 7).page).toBe(7);
    expect(withPageSize(view, 100)).toMatchObject({ page: 1, pageSize: 100 });
    expect(withSort(view, 'term:asc')).toMatchObject({ page: 1, sort: 'term:asc', criteria: view.criteria });
    expect(withoutCriteria(view)).toEqual({ criteria: {}, page: 1, pageSize: 25, sort: 'program:asc' });
  });

  it('does not change the view it was given', () => {
    withCriteria(view, { terms: [] });
    expect(view.criteria.terms).toEqual(['Fall']);
  });
});

describe('single-choice filters', () => {
  it('show nothing, the one value, or that several were chosen', () => {
    expect(singleChoice(undefined)).toBe('');
    expect(singleChoice([])).toBe('');
    expect(singleChoice([5])).toBe('5');
    expect(singleChoice(['Fall', 'Spring'])).toBe(SEVERAL);
  });
});

describe('page window', () => {
  it('counts pages and the rows shown', () => {
    expect(pageWindow(1, 50, 7410, 50)).toEqual({ pageCount: 149, from: 1, to: 50 });
    expect(pageWindow(149, 50, 7410, 10)).toEqual({ pageCount: 149, from: 7401, to: 7410 });
    expect(pageWindow(1, 50, 0, 0)).toEqual({ pageCount: 1, from: 0, to: 0 });
    expect(pageWindow(200, 50, 7410, 0)).toEqual({ pageCount: 149, from: 0, to: 0 });
  });
});
