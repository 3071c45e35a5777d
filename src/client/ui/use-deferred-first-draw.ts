import { useDeferredValue } from 'react';

/**
 * False on a component's first render, true from a second render React makes right after in a transition. Data
 * arriving from a query is drawn synchronously, in one task; a large part drawn only when this is true (a form of
 * thirty fields, a report's table and chart) is drawn in a transition instead, which React splits into short slices so
 * the page stays responsive (total blocking time on a phone, issue 21). Show its place meanwhile.
 */
export function useDeferredFirstDraw(): boolean {
  return useDeferredValue(true, false);
}
