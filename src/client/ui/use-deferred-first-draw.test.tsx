// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderInDom, useDomRendering } from './render-in-dom.test-support.tsx';
import { useDeferredFirstDraw } from './use-deferred-first-draw.ts';

useDomRendering();

describe('useDeferredFirstDraw', () => {
  it('is false on the first render and true in the render React makes right after it', () => {
    const seen: boolean[] = [];
    function Probe() {
      const draw = useDeferredFirstDraw();
      seen.push(draw);
      return draw ? <p>drawn</p> : <p>place kept</p>;
    }
    const el = renderInDom(<Probe />);
    expect(seen).toEqual([false, true]);
    expect(el.querySelector('p')?.textContent).toBe('drawn');
  });
});
