import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many of `total` items to draw: `step` at once, then `step` more in each following task until all are drawn.
 * A long list drawn in one go is one long task that holds up the page (total blocking time on a phone, issue 21);
 * drawn this way the first rows paint at once and the browser stays responsive between the rest. Everything is
 * drawn before the page prints (`beforeprint`), so paper never shows a part.
 */
export function useProgressiveCount(total: number, step: number): number {
  const [count, setCount] = useState(step);
  const done = count >= total;

  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setCount((c) => c + step), 0);
    return () => clearTimeout(timer);
  }, [count, done, step]);

  useEffect(() => {
    if (done) return;
    // Synchronously: the browser lays the page out for print as soon as the event's listeners return.
    const drawAll = () => flushSync(() => setCount(total));
    window.addEventListener('beforeprint', drawAll);
    return () => window.removeEventListener('beforeprint', drawAll);
  }, [done, total]);

  return Math.min(count, total);
}
