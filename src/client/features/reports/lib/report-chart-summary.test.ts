import { describe, expect, it } from 'vitest';
import type { ChartSpec } from './report-chart-model.ts';
import { chartSummary } from './report-chart-summary.ts';

const base: Pick<ChartSpec, 'categoryLabel' | 'sideways' | 'references' | 'description'> = {
  categoryLabel: 'x',
  sideways: false,
  references: [],
  description: 'd',
};

describe('chartSummary', () => {
  it('names the highest and lowest of a compared measure, then the province line', () => {
    const spec: ChartSpec = {
      ...base,
      kind: 'dot',
      valueKind: 'percent',
      series: [{ key: 's0', label: 'Placement %' }],
      data: [
        { category: 'UVic', s0: 91.2 },
        { category: 'SFU', s0: 88.4 },
        { category: 'TRU', s0: 84 },
        { category: 'UNBC', s0: null },
      ],
      references: [{ value: 88, label: 'Province (all institutions): 88.0%' }],
    };
    expect(chartSummary(spec)).toBe('Placement %: highest UVic 91.2%; lowest TRU 84.0%. Province (all institutions): 88.0%.');
  });

  it('gives each line its first and last year', () => {
    const spec: ChartSpec = {
      ...base,
      kind: 'line',
      valueKind: 'count',
      series: [{ key: 's0', label: 'Enrolled' }],
      data: [
        { category: '2023/24', s0: 1200 },
        { category: '2024/25', s0: 1350 },
      ],
    };
    expect(chartSummary(spec)).toBe('Enrolled: 2023/24 1,200 to 2024/25 1,350.');
  });

  it('gives each part of a split its total and share, largest first', () => {
    const spec: ChartSpec = {
      ...base,
      kind: 'multiples',
      valueKind: 'count',
      series: [
        { key: 's0', label: 'Kootenay' },
        { key: 's1', label: 'Mainland/Southwest' },
      ],
      data: [
        { category: '2023/24', s0: 1, s1: 3 },
        { category: '2024/25', s0: null, s1: 4 },
      ],
    };
    expect(chartSummary(spec)).toBe('Mainland/Southwest: 7 in all (87.5%). Kootenay: 1 in all (12.5%).');
  });
});
