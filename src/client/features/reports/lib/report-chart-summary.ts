import { REPORT_UI } from '../messages.ts';
import { formatNumber } from './report-format.ts';
import type { ChartPoint, ChartSeriesSpec, ChartSpec } from './report-chart-model.ts';

const S = REPORT_UI.chart.summary;

type Known = { category: string; value: number };

function knownValues(data: readonly ChartPoint[], series: ChartSeriesSpec): Known[] {
  return data.flatMap((p) => {
    const v = p[series.key];
    return typeof v === 'number' ? [{ category: p.category, value: v }] : [];
  });
}

/**
 * The chart in a few sentences, for a screen reader (the table stays the full alternative): the highest and lowest of
 * each compared series, the first and last of each line, each part's total and share of a split, then the province's
 * lines. Only figures the chart draws are named, so a hidden province figure never reaches it.
 */
export function chartSummary(spec: ChartSpec): string {
  const format = (v: number) => formatNumber(spec.valueKind, v);
  const sentences: string[] = [];
  if (spec.kind === 'stacked' || spec.kind === 'percent' || spec.kind === 'multiples') {
    const totals = spec.series.map((s) => ({
      label: s.label,
      total: knownValues(spec.data, s).reduce((sum, k) => sum + k.value, 0),
    }));
    const all = totals.reduce((sum, t) => sum + t.total, 0);
    for (const t of [...totals].sort((a, b) => b.total - a.total)) {
      const share = all === 0 ? 0 : Math.round((1000 * t.total) / all) / 10;
      sentences.push(S.share(t.label, format(t.total), formatNumber('percent', share)));
    }
  } else {
    for (const s of spec.series) {
      const known = knownValues(spec.data, s);
      if (known.length === 0) {
        sentences.push(S.noValues(s.label));
      } else if (spec.kind === 'line') {
        const first = known[0]!;
        const last = known.at(-1)!;
        sentences.push(S.range(s.label, S.at(first.category, format(first.value)), S.at(last.category, format(last.value))));
      } else {
        const high = known.reduce((a, b) => (b.value > a.value ? b : a));
        const low = known.reduce((a, b) => (b.value < a.value ? b : a));
        sentences.push(S.highestLowest(s.label, S.at(high.category, format(high.value)), S.at(low.category, format(low.value))));
      }
    }
  }
  for (const r of spec.references) sentences.push(`${r.label}.`);
  return sentences.join(' ');
}
