// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHookInRouter, type HookInRouter } from '../../../ui/hook-in-router.test-support.tsx';
import { withCriteria } from '../lib/record-view-model.ts';
import { useRecordView } from './use-record-view.ts';

let probe: HookInRouter<ReturnType<typeof useRecordView>> | undefined;
afterEach(() => {
  probe?.unmount();
  probe = undefined;
});

function mount(url: string) {
  probe = renderHookInRouter(url, useRecordView);
}

const criteria = () => (probe!.current.read.ok ? probe!.current.read.query.criteria : null);

describe('useRecordView', () => {
  it('keeps every one of several changes made before the page renders again', () => {
    mount('/records?pageSize=25');
    const { change } = probe!.current;
    act(() => {
      change((q) => withCriteria(q, { terms: ['Summer'] }));
      change((q) => withCriteria(q, { fiscalYearFrom: '2016/17' }));
      change((q) => withCriteria(q, { fiscalYearTo: '2017/18' }));
    });
    expect(criteria()).toEqual({ terms: ['Summer'], fiscalYearFrom: '2016/17', fiscalYearTo: '2017/18' });
    expect(probe!.current.read.ok && probe!.current.read.query.pageSize).toBe(25);
  });

  it('builds on a URL reached another way (Back, a link) rather than on its own earlier changes', () => {
    mount('/records');
    act(() => probe!.current.change((q) => withCriteria(q, { terms: ['Fall'] })));
    act(() => probe!.navigate('/records?terms=Spring'));
    act(() => probe!.current.change((q) => withCriteria(q, { fiscalYearFrom: '2020/21' })));
    expect(criteria()).toEqual({ terms: ['Spring'], fiscalYearFrom: '2020/21' });
  });

  it('replaces the view outright when given one, and leaves a URL it cannot read alone', () => {
    mount('/records?terms=Fall');
    act(() => probe!.current.change({ criteria: { terms: ['Summer'] }, page: 2, pageSize: 100, sort: 'fiscal_year:asc' }));
    expect(probe!.current.read).toMatchObject({ ok: true, query: { criteria: { terms: ['Summer'] }, page: 2, pageSize: 100 } });
    act(() => probe!.navigate('/records?terms=Winter'));
    act(() => probe!.current.change((q) => withCriteria(q, { terms: ['Fall'] })));
    expect(probe!.search).toBe('?terms=Winter');
  });
});
