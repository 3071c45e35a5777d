import { Group, rem, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEyeOff } from '@tabler/icons-react';
import { lazy, Suspense, useId } from 'react';
import type { ChartSpec } from '../lib/report-chart-model.ts';
import { chartSummary } from '../lib/report-chart-summary.ts';
import { REPORT_UI } from '../messages.ts';
import { chartHeight, colourOf, dashOf, multiplesPanelHeight, PROVINCE_COLOUR } from './report-chart-style.ts';
import './report-chart.css';

/** The chart library comes with the drawing, after the page's first paint (report-chart-plot.tsx). */
const ReportChartPlot = lazy(() => import('./report-chart-plot.tsx'));

const R = REPORT_UI.result;

function Swatch({ colour, dash, line }: { colour: string; dash?: string; line: boolean }) {
  return line ? (
    <svg width={36} height={12} aria-hidden="true">
      <line x1={2} y1={6} x2={34} y2={6} stroke={colour} strokeWidth={3} strokeDasharray={dash || undefined} />
    </svg>
  ) : (
    <svg width={16} height={16} aria-hidden="true">
      <rect x={1} y={1} width={14} height={14} fill={colour} />
    </svg>
  );
}

/** The series, the province's lines, and what the chart leaves out, fits or marks, in words. */
function ChartLegend({ spec }: { spec: ChartSpec }) {
  const line = spec.kind === 'line';
  return (
    <ul className="report-legend" aria-label={`${R.chartTitle}: legend`}>
      {spec.kind === 'multiples'
        ? null
        : spec.series.map((s, i) => (
            <li key={s.key}>
              <Swatch colour={colourOf(i)} dash={line ? dashOf(i) : ''} line={line} />
              <span>{s.label}</span>
            </li>
          ))}
      {spec.references.map((r) => (
        <li key={r.label}>
          <Swatch
            colour={r.series === undefined ? PROVINCE_COLOUR : colourOf(r.series)}
            dash={r.series === undefined ? '6 3' : '3 3'}
            line
          />
          <span>{r.label}</span>
        </li>
      ))}
      {spec.leftOut ? <li className="report-legend-note">{spec.leftOut}</li> : null}
      {spec.axisNote ? (
        <li className="report-legend-note" data-testid="report-chart-axis-note">
          {spec.axisNote}
        </li>
      ) : null}
      {spec.flagged ? <li className="report-legend-note">{REPORT_UI.chart.flags}</li> : null}
    </ul>
  );
}

/**
 * A report's chart, the kind its spec chooses (lines, stacked or 100 % bars, grouped bars, dots on a fitted axis, small
 * multiples), in solid colour-blind-safe colours. On a phone bars run sideways with fewer ticks. The legend names the
 * series, the province's lines and what the chart leaves out; values show on hover and on keyboard focus (arrow keys);
 * a summary in words is there for screen readers, and the table under it gives every figure.
 */
export function ReportChart({ spec, title }: { spec: ChartSpec; title: string }) {
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const summaryId = `report-chart-summary-${uid}`;
  const phone = useMediaQuery('(max-width: 40em)') ?? false;
  // Until the drawing arrives its place is kept, the same height (in the chart library's units), so the table under
  // it does not move.
  const placeholder = rem(spec.kind === 'multiples' ? multiplesPanelHeight(spec, phone) : chartHeight(spec, phone));
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-chart-title" className="report-chart">
      <Title order={2} fz="h3" id="report-chart-title">
        {R.chartTitle}
      </Title>
      <Text fw={600} data-testid="report-chart-plots">
        {R.chartPlots(spec.description)}
      </Text>
      <Text size="sm">{R.chartNote}</Text>
      <ChartLegend spec={spec} />
      {spec.hiddenNote ? (
        <Group gap={8} wrap="nowrap" align="flex-start" data-testid="report-chart-hidden-note" className="report-chart-note">
          <IconEyeOff size={18} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm">{spec.hiddenNote}</Text>
        </Group>
      ) : null}
      <figure
        className="report-chart-figure"
        aria-label={R.chartLabel(title, spec.description)}
        aria-describedby={summaryId}
        data-testid="report-chart"
        data-kind={spec.kind}
      >
        <Suspense fallback={<div style={{ height: placeholder }} data-testid="report-chart-loading" />}>
          <ReportChartPlot spec={spec} phone={phone} />
        </Suspense>
        <VisuallyHidden component="figcaption" id={summaryId} data-testid="report-chart-summary">
          {chartSummary(spec)}
        </VisuallyHidden>
      </figure>
    </Stack>
  );
}
