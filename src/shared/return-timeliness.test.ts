import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_STATES } from './reporting-cycle.ts';
import { onTimeRate, periodTimeliness, ratePercent } from './return-timeliness.ts';

describe('counting timeliness', () => {
  it('rates on time of the returns judged, leaving out those not judged yet', () => {
    expect(onTimeRate([{ on_time: true }, { on_time: false }, { on_time: null }, { on_time: true }])).toEqual({
      onTime: 2,
      judged: 3,
    });
    expect(ratePercent({ onTime: 2, judged: 3 })).toBe(67);
    expect(ratePercent({ onTime: 0, judged: 0 })).toBeNull();
  });

  it('never counts more on time than signed off in a period’s line, nor more signed off than shown (property)', () => {
    const ret = fc.record({
      state: fc.constantFrom(...RETURN_STATES),
      on_time: fc.constantFrom(true, false, null),
    });
    fc.assert(
      fc.property(fc.array(ret), (returns) => {
        const line = periodTimeliness(returns);
        expect(line.onTime).toBeLessThanOrEqual(line.done);
        expect(line.done).toBeLessThanOrEqual(line.total);
        const rate = onTimeRate(returns);
        expect(rate.onTime).toBeLessThanOrEqual(rate.judged);
        const percent = ratePercent(rate);
        if (percent !== null) expect(percent).toBeGreaterThanOrEqual(0);
        if (percent !== null) expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});
