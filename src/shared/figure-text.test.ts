import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainFigure } from './figure-text.ts';

const separators = [',', ' ', '\u00a0', '\u2007', '\u2009', '\u202f'];

/** A whole number written with one separator between its groups of three digits. */
function grouped(n: number, separator: string): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, separator);
}

describe('a figure as people write it in a cell', () => {
  it('reads digits grouped by threes with any separator spreadsheets and locales use', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...separators), fc.boolean(), (n, sep, money) => {
        expect(plainFigure(` ${grouped(n, sep)} `, money)).toBe(String(n));
      }),
    );
  });

  it('refuses separators anywhere but between groups of three, whatever else is around them', () => {
    for (const text of ['12 34', '1 2 3', '1,5', '12,34', '1,2345', '1 234 56', ',123', '123,', '1.234,5', '1e5', '--1', '+1'])
      expect([text, plainFigure(text, false), plainFigure(text, true)]).toEqual([text, null, null]);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('1', '2', ',', ' ', '.', '-') }), (text) => {
        const plain = plainFigure(text, false);
        if (plain === null) return;
        // What is read keeps every digit, in order, and only ever drops separators.
        expect(plain.replace(/\D/g, '')).toBe(text.replace(/\D/g, ''));
        expect(plain).toMatch(/^-?\d+(\.\d+)?$/);
      }),
    );
  });

  it('reads Canadian dollars around an amount, for money only', () => {
    expect(plainFigure('$1,234.5', true)).toBe('1234.5');
    expect(plainFigure('CA$ 23', true)).toBe('23');
    expect(plainFigure('c$23.40', true)).toBe('23.40');
    expect(plainFigure('1234.50 CAD', true)).toBe('1234.50');
    expect(plainFigure('-$5', true)).toBe('-5');
    expect(plainFigure('$1,234.5', false)).toBeNull();
    expect(plainFigure('$ $5', true)).toBeNull();
    expect(plainFigure('twenty', true)).toBeNull();
  });
});
