import { describe, expect, it } from 'vitest';
import { port } from './port.ts';

describe('a port between modules (decision 039)', () => {
  it('refuses to be asked before anything provides it, rather than skip a rule quietly', () => {
    const guard = port<(n: number) => number>('the test guard');
    expect(() => guard.call(1)).toThrow('Nothing provides the test guard');
  });

  it('calls what was provided with the arguments given', () => {
    const double = port<(n: number) => number>('doubling');
    double.provide((n) => n * 2);
    expect(double.call(21)).toBe(42);
  });
});
