import { useEffect, type RefObject } from 'react';

/** The CSS variable global.css reads for the toast area's distance from the top of the viewport. */
export const TOAST_TOP_VARIABLE = '--toast-top';
const GAP_PX = 8;

/**
 * Where toasts start: just under the header while it is on screen, so they never cover Sign out, the menu toggle or
 * the navigation (issue 21 §8); at the very top once the header has scrolled away. Toasts stay at the top (docs/product.md §2.4).
 */
export function toastTop(headerBottom: number): number {
  return Math.max(Math.round(headerBottom), 0) + GAP_PX;
}

/** Keeps the toast offset in step with the header as the page scrolls, resizes or the menu opens. */
export function useToastOffset(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      root.style.setProperty(TOAST_TOP_VARIABLE, `${toastTop(element.getBoundingClientRect().bottom)}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [header]);
}
