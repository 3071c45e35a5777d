import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Group, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useId } from 'react';
import { formatNumber } from '../lib/report-format.ts';
import type { ChartSpec } from '../lib/report-chart-model.ts';
import { REPORT_UI } from '../messages.ts';

const R = REPORT_UI.result;

/** Colours at 3:1 or more against white (WCAG 1.4.11), each series also told apart by a pattern or a dash. */
const COLOURS = ['#1f4584', '#0b7285', '#c2410c', '#862e9c', '#2b8a3e', '#495057', '#a87700', '#c92a2a', '#364fc7', '#5c940d'];
const DASHES = ['', '8 4', '2 4', '12 4 3 4', '5 5', '1 3', '16 6', '4 2 1 2', '10 2', '3 6'];

type PatternKind = 'solid' | 'diagonal' | 'dots' | 'cross' | 'horizontal' | 'vertical' | 'back-diagonal' | 'grid';
const PATTERNS: PatternKind[] = ['solid', 'diagonal', 'dots', 'cross', 'horizontal', 'vertical', 'back-diagonal', 'grid'];

const colourOf = (i: number) => COLOURS[i % COLOURS.length]!;
const dashOf = (i: number) => DASHES[i % DASHES.length]!;

function PatternDef({ id, index }: { id: string; index: number }) {
  const colour = colourOf(index);
  const kind = PATTERNS[index % PATTERNS.length]!;
  const mark = { stroke: 'white', strokeWidth: 1.6 } as const;
  return (
    <pattern id={id} width={8} height={8} patternUnits="userSpaceOnUse">
      <rect width={8} height={8} fill={colour} />
      {kind === 'diagonal' ? <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" {...mark} /> : null}
      {kind === 'back-diagonal' ? <path d="M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" {...mark} /> : null}
      {kind === 'dots' ? <circle cx={4} cy={4} r={1.6} fill="white" /> : null}
      {kind === 'cross' ? <path d="M0,0 l8,8 M8,0 l-8,8" {...mark} strokeWidth={1.2} /> : null}
      {kind === 'horizontal' ? <path d="M0,4 h8" {...mark} /> : null}
      {kind === 'vertical' ? <path d="M4,0 v8" {...mark} /> : null}
      {kind === 'grid' ? <path d="M0,4 h8 M4,0 v8" {...mark} strokeWidth={1.2} /> : null}
    </pattern>
  );
}

function LegendSwatch({ spec, index, patternId }: { spec: ChartSpec; index: number; patternId: string }) {
  if (spec.kind === 'line') {
    return (
      <svg width={36} height={12} aria-hidden="true">
        <line
          x1={2}
          y1={6}
          x2={34}
          y2={6}
          stroke={colourOf(index)}
          strokeWidth={3}
          strokeDasharray={dashOf(index) || undefined}
        />
      </svg>
    );
  }
  return (
    <svg width={18} height={18} aria-hidden="true">
      <rect x={1} y={1} width={16} height={16} fill={`url(#${patternId})`} stroke={colourOf(index)} />
    </svg>
  );
}

/** Most bars carry their value; past this many the labels would overlap, and the table gives the figures. */
const MAX_LABELLED_BARS = 40;

/**
 * A report's chart, drawn to fit it: lines over years, stacked or grouped bars. Series differ by pattern or dash as
 * well as colour (the legend shows both); its accessible name says what it shows and that the table has the figures.
 */
export function ReportChart({ spec, title }: { spec: ChartSpec; title: string }) {
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const patternId = (i: number) => `report-pattern-${uid}-${i}`;
  const format = (value: number) => formatNumber(spec.valueKind, value);
  const barCount = spec.data.length * spec.series.length;
  const height = spec.sideways
    ? Math.max(320, spec.data.length * (spec.kind === 'stacked' ? 30 : spec.series.length * 16 + 14) + 70)
    : 380;
  const label = R.chartLabel(title, spec.description);
  const reference = spec.reference
    ? [
        {
          ...(spec.sideways ? { x: spec.reference.value } : { y: spec.reference.value }),
          color: 'red.9',
          strokeDasharray: '6 3',
          strokeWidth: 2,
        },
      ]
    : undefined;
  const common = {
    h: height,
    data: spec.data,
    dataKey: 'category',
    valueFormatter: format,
    textColor: 'gray.8',
    gridAxis: (spec.sideways ? 'x' : 'y') as 'x' | 'y',
    accessibilityLayer: false,
    tooltipAnimationDuration: 0,
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="report-chart-title" className="report-chart">
      <Title order={2} fz="h3" id="report-chart-title">
        {R.chartTitle}
      </Title>
      <Text size="sm">{R.chartNote}</Text>
      <ul className="report-legend" aria-label={`${R.chartTitle}: legend`}>
        {spec.series.map((s, i) => (
          <li key={s.key}>
            <LegendSwatch spec={spec} index={i} patternId={patternId(i)} />
            <span>{s.label}</span>
          </li>
        ))}
        {spec.reference ? (
          <li>
            <svg width={36} height={12} aria-hidden="true">
              <line x1={2} y1={6} x2={34} y2={6} stroke="var(--mantine-color-red-9)" strokeWidth={2} strokeDasharray="6 3" />
            </svg>
            <span>{spec.reference.label}</span>
          </li>
        ) : null}
      </ul>
      {spec.hiddenNote ? (
        <Group gap={8} wrap="nowrap" align="flex-start" data-testid="report-chart-hidden-note" className="report-chart-note">
          <IconEyeOff size={18} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm">{spec.hiddenNote}</Text>
        </Group>
      ) : null}
      <div role="img" aria-label={label} data-testid="report-chart">
        {spec.kind === 'line' ? (
          <LineChart
            {...common}
            series={spec.series.map((s, i) => ({
              name: s.key,
              label: s.label,
              color: colourOf(i),
              ...(dashOf(i) ? { strokeDasharray: dashOf(i) } : {}),
            }))}
            strokeWidth={3}
            curveType="linear"
            dotProps={{ r: 4 }}
            connectNulls={false}
            yAxisProps={{ width: 80 }}
          />
        ) : (
          <BarChart
            {...common}
            type={spec.kind === 'stacked' ? 'stacked' : 'default'}
            orientation={spec.sideways ? 'vertical' : 'horizontal'}
            series={spec.series.map((s, i) => ({ name: s.key, label: s.label, color: colourOf(i) }))}
            barProps={(series) => ({
              fill: `url(#${patternId(spec.series.findIndex((s) => s.key === series.name))})`,
              stroke: 'white',
              strokeWidth: 0.5,
            })}
            withBarValueLabel={spec.kind === 'grouped' && barCount <= MAX_LABELLED_BARS}
            valueLabelProps={{
              formatter: (v: unknown) => (typeof v === 'number' ? format(v) : ''),
              fill: 'var(--mantine-color-gray-9)',
              fontSize: 11,
            }}
            yAxisProps={spec.sideways ? { width: 210, interval: 0 } : { width: 80 }}
            xAxisProps={spec.sideways ? {} : { interval: 0 }}
            maxBarWidth={48}
            barChartProps={{
              margin: spec.sideways ? { top: 8, right: 72, bottom: 0, left: 8 } : { top: 20, right: 8, bottom: 0, left: 8 },
            }}
            {...(reference ? { referenceLines: reference } : {})}
          >
            <defs>
              {spec.series.map((s, i) => (
                <PatternDef key={s.key} id={patternId(i)} index={i} />
              ))}
            </defs>
          </BarChart>
        )}
      </div>
    </Stack>
  );
}
