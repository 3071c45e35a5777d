import { describe, expect, it } from 'vitest';
import { eventLoopTurns } from './event-loop-turns.ts';

describe('turns of the event loop in a long loop', () => {
  it('lets a timer in once the loop has held the event loop for its budget, and not before', async () => {
    const turn = eventLoopTurns(5);
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const started = performance.now();
    while (performance.now() - started < 2) await turn();
    expect(timerRan).toBe(false);
    while (performance.now() - started < 30 && !timerRan) await turn();
    expect(timerRan).toBe(true);
  });
});
