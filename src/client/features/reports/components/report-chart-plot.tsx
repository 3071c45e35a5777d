import { BarChart, LineChart, type ChartReferenceLineProps } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Text } from '@mantine/core';
import { valueAxis, type ChartSpec } from '../lib/report-chart-model.ts';
import { formatNumber } from '../lib/report-format.ts';
import { chartHeight, colourOf, dashOf, multiplesPanelHeight, PROVINCE_COLOUR } from './report-chart-style.ts';

/*
 * The drawing of a report's chart, a module of its own so that the chart library (about 120 KiB) loads after the
 * page has painted its table, not with the page (ReportChart loads it lazily; issue 21).
 */

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
            h={multiplesPanelHeight(spec, phone)}
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

/** The chart the spec chooses, drawn by the chart library. */
export default function ReportChartPlot({ spec, phone }: { spec: ChartSpec; phone: boolean }) {
  const format = (value: number) => formatNumber(spec.valueKind, value);
  const sideways = spec.sideways || phone;
  const line = spec.kind === 'line';
  const height = chartHeight(spec, phone);
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

  return chart;
}
