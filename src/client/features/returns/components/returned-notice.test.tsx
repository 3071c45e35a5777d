// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { formatDay, formatInstant } from '../lib/format-day.ts';
import { ReturnedNotice } from './returned-notice.tsx';

useDomRendering();

describe('the notice of a return sent back or reopened', () => {
  it('says who sent it back, when (B.C. time), why and its new due date, the reason as text, never markup', () => {
    const at = '2026-11-29T19:00:00.000Z';
    const el = renderInDom(
      <ReturnedNotice
        notice={{
          action: 'send-back',
          by: 'Appy Admin',
          at,
          reason: '<img src=x onerror=alert(1)>Totals wrong',
          dueAgainOn: '2026-12-13',
        }}
        dueAgainOn="2026-12-13"
      />,
    );
    const notice = el.querySelector('[data-testid="returned-notice"]')!;
    expect(notice.textContent).toContain(
      `Sent back by Appy Admin on ${formatInstant(at)}: <img src=x onerror=alert(1)>Totals wrong. Due again on ${formatDay('2026-12-13')}.`,
    );
    expect(formatInstant(at)).toMatch(/P[SD]?T$/); // the zone named, as everywhere
    expect(notice.querySelector('img')).toBeNull();
  });

  it('says a reopening as one, and someone whose account is gone as the system', () => {
    const el = renderInDom(
      <ReturnedNotice
        notice={{ action: 'reopen', by: null, at: '2026-11-29T19:00:00.000Z', reason: 'Wage typo?', dueAgainOn: null }}
        dueAgainOn={null}
      />,
    );
    const notice = el.querySelector('[data-testid="returned-notice"]')!;
    expect(notice.textContent).toMatch(/^Reopened by The system on .+: Wage typo\?$/);
  });
});
