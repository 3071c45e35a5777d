// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { formatDay } from '../../returns/index.ts';
import { institutionDue, provinceProgress } from '../lib/what-is-due.ts';
import { InstitutionDueList, PeriodProgressCard } from './what-is-due.tsx';

useDomRendering();

const ret = (id: number, institution: string, state: TermReturn['state'], overdue = false): TermReturn => ({
  id,
  institution_id: id,
  institution_name: institution,
  period_id: 7,
  fiscal_year: '2025/26',
  term: 'Spring',
  state,
  expected: 14,
  reported: 9,
  submitted: 5,
  opens_on: '2026-01-01',
  due_on: '2026-05-31',
  due_again_on: null,
  overdue,
  version: 1,
  first_approved_at: null,
  first_signed_off_at: null,
  on_time: null,
  history: [],
});

const inRouter = (node: React.ReactNode) => renderInDom(<MemoryRouter>{node}</MemoryRouter>);

describe('What is due', () => {
  it('says in plain words that nothing is due when every return is signed off, and still lists them', () => {
    const el = inRouter(<InstitutionDueList due={institutionDue([ret(1, 'UVic', 'submitted')], [1])} />);
    expect(el.textContent).toContain('Nothing is due — every return for your institutions is signed off.');
    expect(el.querySelector('a')?.getAttribute('href')).toBe('/returns/1');
    expect(el.querySelector('[data-state]')?.textContent).toBe('Submitted');
    expect(inRouter(<InstitutionDueList due={institutionDue([], [1])} />).textContent).toContain('Nothing is due');
  });

  it('tells the institution’s users what an app admin did on their behalf and why, and a reopened return’s new date', () => {
    const event = (id: number, action: string, on_behalf_reason: string | null, due_again_on: string | null = null) => ({
      id,
      action,
      from_state: 'in progress' as const,
      to_state: 'submitted' as const,
      reason: null,
      on_behalf_reason,
      due_again_on,
      user_id: 9,
      user_name: 'Appy Admin',
      at: '2026-06-02T19:00:00.000Z',
    });
    const signed = {
      ...ret(4, 'UVic', 'submitted'),
      history: [event(1, 'fill-zeros', 'Asked by phone'), event(2, 'submit', 'As asked')],
    };
    const item = inRouter(<InstitutionDueList due={institutionDue([signed], [4])} />);
    const notes = [...item.querySelectorAll('[data-testid="due-on-behalf"]')].map((n) => n.textContent);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Signed off on behalf of UVic by Appy Admin: As asked \(.+\)$/);
    expect(notes[1]).toMatch(/^Filled with zero records on behalf of UVic by Appy Admin: Asked by phone/);
    const reopened = { ...ret(5, 'UVic', 'reopened'), due_again_on: '2026-06-16' };
    const again = inRouter(<InstitutionDueList due={institutionDue([reopened], [5])} />);
    expect(again.textContent).toContain(`Due again on ${formatDay('2026-06-16')}`);
    expect(again.textContent).not.toContain('Overdue');
  });

  it('says on a sent-back return’s card that it was sent back and why, the reason cut short and drawn as text', () => {
    const event = (id: number, action: string, reason: string | null) => ({
      id,
      action,
      from_state: 'submitted' as const,
      to_state: 'in progress' as const,
      reason,
      on_behalf_reason: null,
      due_again_on: action === 'send-back' ? '2026-12-13' : null,
      user_id: 9,
      user_name: 'Appy Admin',
      at: '2026-11-29T19:00:00.000Z',
    });
    const reason = '<b>Biology</b> is missing and the totals of the engineering programs do not match last term’s mail';
    const sentBack = {
      ...ret(6, 'UVic', 'in progress'),
      due_again_on: '2026-12-13',
      history: [event(1, 'submit', null), event(2, 'send-back', reason)],
    };
    const card = inRouter(<InstitutionDueList due={institutionDue([sentBack], [6])} />);
    const line = card.querySelector('[data-testid="due-returned"]')!;
    expect(line.textContent).toMatch(/^Sent back: <b>Biology<\/b> is missing and the totals .*…$/);
    expect(line.textContent!.length).toBeLessThanOrEqual('Sent back: '.length + 80);
    expect(line.querySelector('b')).toBeNull(); // text, never markup
    expect(card.textContent).toContain(`Due again on ${formatDay('2026-12-13')}`);
    // Signed off again, the card no longer says it.
    const again = { ...sentBack, state: 'submitted' as const, history: [...sentBack.history, event(3, 'submit', null)] };
    expect(
      inRouter(<InstitutionDueList due={institutionDue([again], [6])} />).querySelector('[data-testid="due-returned"]'),
    ).toBeNull();
  });

  it('marks an overdue return, with its state, counts, due date and link', () => {
    const el = inRouter(<InstitutionDueList due={institutionDue([ret(3, 'UVic', 'in progress', true)], [3])} />);
    expect(el.textContent).toContain('1 return is not signed off yet; 1 overdue.');
    expect(el.textContent).not.toContain('Nothing is due');
    const item = el.querySelector('[data-testid="due-return"]')!;
    expect(item.getAttribute('data-overdue')).toBe('true');
    expect(item.querySelector('a')?.textContent).toBe('UVic — Spring 2025/26');
    expect(item.querySelector('a')?.getAttribute('href')).toBe('/returns/3');
    expect(item.textContent).toContain('In progress');
    expect(item.textContent).toContain('Overdue');
    expect(item.textContent).toContain('9 of 14 programs reported');
    expect(item.textContent).toMatch(/Due .*2026/);
  });

  it('shows a period’s progress across the province, its counts by state and its overdue returns', () => {
    const [progress] = provinceProgress([
      ret(1, 'UVic', 'in progress', true),
      ret(2, 'UBC', 'approved'),
      ret(3, 'SFU', 'submitted'),
      ret(4, 'BCIT', 'not started', true),
    ]);
    const el = inRouter(<PeriodProgressCard progress={progress!} />);
    expect(el.querySelector('[data-testid="due-progress-line"]')?.textContent).toBe('2 of 4 submitted');
    expect(el.textContent).toContain('1 approved');
    const counts = [...el.querySelectorAll('[data-testid="due-state-counts"] [data-state]')].map((b) => b.textContent);
    expect(counts).toEqual(['Not started', 'In progress', 'Submitted', 'Approved']);
    const overdue = [...el.querySelectorAll('[data-testid="due-overdue"] a')];
    expect(overdue.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['BCIT', '/returns/4'],
      ['UVic', '/returns/1'],
    ]);
    expect(el.textContent).toContain('Overdue (2)');
    expect([...el.querySelectorAll('a')].at(-1)?.getAttribute('href')).toBe('/returns?fiscalYear=2025%2F26');
  });
});
