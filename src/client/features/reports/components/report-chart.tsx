import { BarChart, LineChart, type ChartReferenceLineProps } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEyeOff } from '@tabler/icons-react';
import { useId } from 'react';
import { formatNumber } from '../lib/report-format.ts';
import { valueAxis, type ChartSpec } from '../lib/report-chart-model.ts';
import { chartSummary } from '../lib/report-chart-summary.ts';
import { REPORT_UI } from '../messages.ts';
import './report-chart.css';

const R = REPORT_UI.result;

/**
 * Okabe–Ito colours, told apart with the common colour-vision deficiencies; the first three (all a chart uses for its
 * series) are 3:1 or more against white (WCAG 1.4.11). The province's lines are black and dashed.
 */
const COLOURS = ['#0072B2', '#D55E00', '#007A5A', '#A0467F', '#5A4A00'];
const PROVINCE_COLOUR = '#000000';
/** Lines may cross, so each also has its own dash; bars are solid (the legend and tooltip name them). */
const DASHES = ['', '8 4', '2 3', '12 4 3 4', '5 5'];

const colourOf = (i: number) => COLOURS[i % COLOURS.length]!;
const dashOf = (i: number) => DASHES[i % DASHES.length]!;

/** A round number at or above `n` (1, 2 or 5 times a power of ten), for an axis's end. */
function roundUp(n: number): number {
  const power = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= n)!;
}

/** Very long names are cut; the tooltip and the table give them whole. */
const shorten = (max: number) => (name: string) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/** Each dot of a dot chart: drawn at the end of the bar the library would have drawn (its value on the axis). */
function Dot(props: { x?: number; y?: number; width?: number; height?: number; fill?: string }) {
  const { x = 0, y = 0, width = 0, height = 0, fill } = props;
  return <circle cx={x + width} cy={y + height / 2} r={6} fill={fill} stroke="white" strokeWidth={1.5} />;
}

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

/** The province's lines: black and dashed, or dashed in the colour of the series they compare with. */
function referenceLines(spec: ChartSpec, across: 'x' | 'y'): ChartReferenceLineProps[] {
  return spec.references.map((r) => ({
    [across]: r.value,
    color: r.series === undefined ? PROVINCE_COLOUR : colourOf(r.series),
    strokeDasharray: r.series === undefined ? '6 3' : '3 3',
    strokeWidth: 2,
    ifOverflow: 'extendDomain',
  }));
}

/** One panel per series, all on the same scale: years down the side, so their labels never run together. */
function SmallMultiples({ spec, format, phone }: { spec: ChartSpec; format: (v: number) => string; phone: boolean }) {
  const largest = Math.max(1, ...spec.data.flatMap((p) => spec.series.map((s) => (p[s.key] as number | null) ?? 0)));
  const max = roundUp(largest);
  return (
    <ul className="report-multiples">
      {spec.series.map((s) => (
        <li key={s.key}>
          <Text size="sm" fw={700} component="h3" className="report-multiples-title">
            {s.label}
          </Text>
          <BarChart
            h={Math.max(phone ? 100 : 120, spec.data.length * (phone ? 20 : 24) + 40)}
            data={spec.data}
            dataKey="category"
            series={[{ name: s.key, label: s.label, color: colourOf(0) }]}
            orientation="vertical"
            valueFormatter={format}
            textColor="gray.8"
            gridAxis="y"
            accessibilityLayer
            tooltipAnimationDuration={0}
            xAxisProps={{ domain: [0, max], ticks: [0, max / 2, max] }}
            yAxisProps={{ width: 64, interval: 0 }}
            // On one scale a small region's bars are short: each carries its value.
            withBarValueLabel
            valueLabelProps={{
              formatter: (v: unknown) => (typeof v === 'number' ? format(v) : ''),
              fill: '#212529',
              fontSize: 11,
            }}
            barChartProps={{ margin: { top: 4, right: 44, bottom: 0, left: 4 } }}
          />
        </li>
      ))}
    </ul>
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
  const format = (value: number) => formatNumber(spec.valueKind, value);
  const sideways = spec.sideways || phone;
  const line = spec.kind === 'line';
  const perGroup = spec.kind === 'grouped' ? spec.series.length * 18 + 12 : phone ? 38 : 30;
  const height = sideways ? Math.max(phone ? 240 : 300, spec.data.length * perGroup + 70) : 380;
  // As wide as the longest name needs (about 8 px a letter), up to a limit past which names wrap.
  const longest = Math.max(...spec.data.map((p) => p.category.length));
  const labelWidth = Math.min(phone ? 132 : 210, Math.max(64, longest * 8 + 20));
  const ticks = phone ? 4 : 5;
  // Round steps from 0 (a fitted dot axis has its own); whole dollars on the axis, the tooltip gives the cents.
  const valueTick = {
    ...(spec.kind === 'percent'
      ? { domain: [0, 1], ticks: phone ? [0, 0.5, 1] : [0, 0.25, 0.5, 0.75, 1] }
      : spec.domain
        ? {}
        : valueAxis(spec, ticks)),
    ...(spec.valueKind === 'money' ? { tickFormatter: (v: number) => `$${Math.round(v).toLocaleString('en-CA')}` } : {}),
  };

  const common = {
    h: height,
    data: spec.data,
    dataKey: 'category',
    valueFormatter: spec.kind === 'percent' ? (v: number) => format(v) : format,
    textColor: 'gray.8',
    accessibilityLayer: true,
    tooltipAnimationDuration: 0,
  };
  const categoryAxis = {
    width: sideways ? labelWidth : 80,
    interval: 0 as const,
    ...(sideways ? { tickFormatter: shorten(40) } : {}),
  };

  const chart = (() => {
    if (spec.kind === 'multiples') return <SmallMultiples spec={spec} format={format} phone={phone} />;
    if (line)
      return (
        <LineChart
          {...common}
          series={spec.series.map((s, i) => ({
            name: s.key,
            label: s.label,
            color: colourOf(i),
            ...(dashOf(i) ? { strokeDasharray: dashOf(i) } : {}),
          }))}
          gridAxis="x"
          strokeWidth={3}
          curveType="linear"
          dotProps={{ r: 4 }}
          connectNulls={false}
          yAxisProps={{ width: phone ? 64 : 80, ...valueTick }}
          lineChartProps={{ margin: { top: 12, right: phone ? 36 : 40, bottom: 0, left: 4 } }}
          xAxisProps={phone ? { interval: 0, angle: -40, textAnchor: 'end', height: 56, fontSize: 11 } : { interval: 0 }}
          referenceLines={referenceLines(spec, 'y')}
        />
      );
    const dot = spec.kind === 'dot';
    return (
      <BarChart
        {...common}
        type={spec.kind === 'stacked' ? 'stacked' : spec.kind === 'percent' ? 'percent' : 'default'}
        orientation={sideways ? 'vertical' : 'horizontal'}
        gridAxis={dot ? 'xy' : sideways ? 'y' : 'x'}
        series={spec.series.map((s, i) => ({ name: s.key, label: s.label, color: colourOf(i) }))}
        {...(dot ? { barProps: { shape: Dot } } : {})}
        {...(sideways
          ? {
              yAxisProps: categoryAxis,
              xAxisProps: {
                tickCount: ticks,
                ...valueTick,
                ...(spec.domain ? { domain: spec.domain, allowDataOverflow: true } : {}),
              },
            }
          : { xAxisProps: categoryAxis, yAxisProps: { width: 80, tickCount: ticks, ...valueTick } })}
        maxBarWidth={dot ? 28 : 40}
        barChartProps={{ margin: { top: 12, right: phone ? 36 : 40, bottom: 0, left: 4 } }}
        referenceLines={referenceLines(spec, sideways ? 'x' : 'y')}
      />
    );
  })();

  return (
    <Stack gap="sm" component="section" aria-labelledby="report-chart-title" className="report-chart">
      <Title order={2} fz="h3" id="report-chart-title">
        {R.chartTitle}
      </Title>
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
        {chart}
        <VisuallyHidden component="figcaption" id={summaryId} data-testid="report-chart-summary">
          {chartSummary(spec)}
        </VisuallyHidden>
      </figure>
    </Stack>
  );
}
