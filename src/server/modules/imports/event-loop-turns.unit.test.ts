import { describe, expect, it } from 'vitest';
import { eventLoopTurns } from './event-loop-turns.ts';

describe('turns of the event loop in a long loop', () => {
  // A budget far above what the machine can stall for between two lines (a busy shared runner pauses a process for
  // some milliseconds), so the first half never reaches it by a pause of the machine rather than by the loop.
  it('lets a timer in once the loop has held the event loop for its budget, and not before', async () => {
    const turn = eventLoopTurns(200);
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const started = performance.now();
    while (performance.now() - started < 50) await turn();
    expect(timerRan).toBe(false);
    while (performance.now() - started < 2_000 && !timerRan) await turn();
    expect(timerRan).toBe(true);
  });
});
