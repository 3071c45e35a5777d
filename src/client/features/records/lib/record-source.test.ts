import { describe, expect, it } from 'vitest';
import { recordCrumbs, recordLinkState, recordSource } from './record-source.ts';

const FIND = '/records/find/findResults?terms=Fall&fiscalYearFrom=2022/23&page=2';

describe('recordSource', () => {
  it('keeps a known list with its criteria', () => {
    expect(recordSource(recordLinkState('/records/find/findResults', '?terms=Fall&fiscalYearFrom=2022/23&page=2'))).toBe(FIND);
    expect(recordSource({ from: '/records?institutionIds=3' })).toBe('/records?institutionIds=3');
  });

  it('ignores anything that is not one of the app’s lists', () => {
    for (const from of [
      'https://evil.example/records',
      '//evil.example/records/find/findResults',
      '/\\evil.example/records',
      'javascript:alert(1)',
      '/admin/users',
      '/records/12',
      '/records/find/findResults#x',
      'records',
      '',
    ]) {
      expect(recordSource({ from }), from).toBeNull();
    }
    expect(recordSource(null)).toBeNull();
    expect(recordSource('/records')).toBeNull();
    expect(recordSource({ from: 42 })).toBeNull();
  });
});

describe('recordCrumbs', () => {
  it('leads a record opened from Find results back to them, with the same search', () => {
    expect(recordCrumbs({ from: FIND }, 'Co-op, Fall 2022/23', false)).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Browse records', to: '/records' },
      { label: 'Find records', to: '/records/find' },
      { label: 'Find results', to: FIND },
      { label: 'Co-op, Fall 2022/23' },
    ]);
  });

  it('leaves the page its own trail without a known source', () => {
    expect(recordCrumbs(undefined, 'X', false)).toBeUndefined();
    expect(recordCrumbs({ from: '//evil.example/' }, 'X', false)).toBeUndefined();
  });
});
