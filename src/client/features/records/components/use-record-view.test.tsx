// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { withCriteria } from '../lib/record-view.ts';
import { useRecordView } from './use-record-view.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the hook hands out on the latest render, plus the router's own navigate and the URL as shown. */
const seen: { view?: ReturnType<typeof useRecordView>; navigate?: ReturnType<typeof useNavigate>; search?: string } = {};

function Probe() {
  seen.view = useRecordView();
  seen.navigate = useNavigate();
  seen.search = useLocation().search;
  return null;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

function mount(url: string) {
  root = createRoot(document.createElement('div'));
  act(() =>
    root!.render(
      <MemoryRouter initialEntries={[url]}>
        <Probe />
      </MemoryRouter>,
    ),
  );
}

const criteria = () => (seen.view!.read.ok ? seen.view!.read.query.criteria : null);

describe('useRecordView', () => {
  it('keeps every one of several changes made before the page renders again', () => {
    mount('/records?pageSize=25');
    const { change } = seen.view!;
    act(() => {
      change((q) => withCriteria(q, { terms: ['Summer'] }));
      change((q) => withCriteria(q, { fiscalYearFrom: '2016/17' }));
      change((q) => withCriteria(q, { fiscalYearTo: '2017/18' }));
    });
    expect(criteria()).toEqual({ terms: ['Summer'], fiscalYearFrom: '2016/17', fiscalYearTo: '2017/18' });
    expect(seen.view!.read.ok && seen.view!.read.query.pageSize).toBe(25);
  });

  it('builds on a URL reached another way (Back, a link) rather than on its own earlier changes', () => {
    mount('/records');
    act(() => seen.view!.change((q) => withCriteria(q, { terms: ['Fall'] })));
    act(() => seen.navigate!('/records?terms=Spring'));
    act(() => seen.view!.change((q) => withCriteria(q, { fiscalYearFrom: '2020/21' })));
    expect(criteria()).toEqual({ terms: ['Spring'], fiscalYearFrom: '2020/21' });
  });

  it('replaces the view outright when given one, and leaves a URL it cannot read alone', () => {
    mount('/records?terms=Fall');
    act(() => seen.view!.change({ criteria: { terms: ['Summer'] }, page: 2, pageSize: 100, sort: 'fiscal_year:asc' }));
    expect(seen.view!.read).toMatchObject({ ok: true, query: { criteria: { terms: ['Summer'] }, page: 2, pageSize: 100 } });
    act(() => seen.navigate!('/records?terms=Winter'));
    act(() => seen.view!.change((q) => withCriteria(q, { terms: ['Fall'] })));
    expect(seen.search).toBe('?terms=Winter');
  });
});
