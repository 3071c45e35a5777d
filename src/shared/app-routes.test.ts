import { describe, expect, it } from 'vitest';
import { resolveAppRoute } from './app-routes.ts';

const id = (path: string, dev = true) => {
  const [pathname, search = ''] = path.split('?');
  return resolveAppRoute(pathname!, search, dev)?.route.id ?? null;
};

describe('client route table', () => {
  it('resolves every screen of the requirements', () => {
    expect(id('/')).toBe('home');
    expect(id('/records')).toBe('records');
    expect(id('/records/create')).toBe('recordCreate');
    expect(id('/records/42')).toBe('record');
    expect(id('/records/find')).toBe('recordFind');
    expect(id('/records/find/findResults')).toBe('recordFindResults');
    expect(id('/records/cewilExport')).toBe('cewilExport');
    expect(id('/records/recordExport')).toBe('recordExport');
    expect(id('/programs/create')).toBe('programCreate');
    expect(id('/institutions/3')).toBe('institution');
    expect(id('/admin/5')).toBe('adminUser');
    expect(id('/reports/params?type=tuition')).toBe('reportParams');
    expect(id('/reports/institutionalBreakdown')).toBe('report-institution');
  });

  it('ignores letter case and a trailing slash', () => {
    expect(id('/records/RecordExport')).toBe('recordExport');
    expect(id('/Records/')).toBe('records');
  });

  it('fails page checks with null (a 404)', () => {
    expect(id('/records/abc')).toBeNull();
    expect(id('/records/-1')).toBeNull();
    expect(id('/records/99999999999')).toBeNull();
    expect(id('/reports/params?type=nope')).toBeNull();
    expect(id('/nowhere')).toBeNull();
    expect(id('/records/%E0%A4%A')).toBeNull();
  });

  it('has /login in development only', () => {
    expect(id('/login', true)).toBe('login');
    expect(id('/login', false)).toBeNull();
  });
});
