// @vitest-environment jsdom
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { describe, expect, it } from 'vitest';
import { ReportFlagLegend } from './report-flag.tsx';

useDomRendering();
const render = renderInDom;

describe('ReportFlagLegend', () => {
  it('says what the marks present mean, and nothing when none is', () => {
    const legend = '[data-testid="report-flag-legend"]';
    expect(render(<ReportFlagLegend flags={[]} />).querySelector(legend)).toBeNull();
    const el = render(<ReportFlagLegend flags={['p', 'r']} />);
    expect(el.querySelector(legend)?.textContent).toBe(
      'p: preliminary — rests on a return that is not approved yet; r: revised — changed after its return was first approved',
    );
  });
});
