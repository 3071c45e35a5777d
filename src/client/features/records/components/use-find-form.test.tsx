// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookInRouter, type HookInRouter } from '../../../ui/hook-in-router.test-support.tsx';
import { emptyFindForm } from '../lib/find-form.ts';
import { useFindForm, type FindForm } from './use-find-form.ts';

const programs = [
  { id: 1, institution_id: 10, name: 'Engineering', active_ind: true },
  { id: 2, institution_id: 20, name: 'Nursing', active_ind: true },
];

let seen: HookInRouter<FindForm> | undefined;
afterEach(() => {
  seen?.unmount();
  seen = undefined;
});

const mount = (onSearch = vi.fn()) => {
  const initialValues = { ...emptyFindForm(), institutionIds: ['10', '20'], programIds: ['1', '2'] };
  seen = renderHookInRouter('/records/find', () => useFindForm({ initialValues, programs, onSearch }));
  return seen;
};

describe('useFindForm', () => {
  it('drops the programs of an institution no longer chosen', () => {
    const find = mount();
    act(() => find.current.chooseInstitutions(['20']));
    expect(find.current.values.institutionIds).toEqual(['20']);
    expect(find.current.values.programIds).toEqual(['2']);
  });

  it('searches with checked criteria, or lists what is wrong and does not search', () => {
    const onSearch = vi.fn();
    const find = mount(onSearch);
    act(() => find.current.setField('placedMin', 'lots'));
    act(() => find.current.submit());
    expect(onSearch).not.toHaveBeenCalled();
    expect(find.current.summary.map((item) => item.fieldId)).toEqual(['find-placed-min']);
    act(() => find.current.setField('placedMin', '5'));
    act(() => find.current.submit());
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ institutionIds: [10, 20], placedMin: 5 }));
    expect(find.current.summary).toEqual([]);
  });

  it('clears every criterion, error and the summary', () => {
    const find = mount();
    act(() => find.current.setField('placedMin', 'lots'));
    act(() => find.current.submit());
    act(() => find.current.clear());
    expect(find.current.values).toEqual(emptyFindForm());
    expect(find.current.summary).toEqual([]);
    expect(find.current.errors).toEqual({});
  });
});
