import { describe, expect, it } from 'vitest';
import { PORTRAIT_MAX_COLUMNS, printOrientation } from './report-print.ts';

const columns = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `c${i}` }));

describe('printOrientation', () => {
  it('prints a table that fits a portrait page in portrait', () => {
    expect(printOrientation(columns(3))).toBe('portrait');
    expect(printOrientation(columns(PORTRAIT_MAX_COLUMNS))).toBe('portrait');
  });

  it('prints a wider table in landscape', () => {
    expect(printOrientation(columns(PORTRAIT_MAX_COLUMNS + 1))).toBe('landscape');
    expect(printOrientation(columns(16))).toBe('landscape');
  });
});
