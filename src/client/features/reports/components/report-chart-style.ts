import type { ChartSpec } from '../lib/report-chart-model.ts';

/*
 * What a report chart's frame (legend, the place kept for the drawing) and its drawing (report-chart-plot.tsx) share:
 * the colours and dashes of the series, and the drawing's height.
 */

/**
 * Okabe–Ito colours, told apart with the common colour-vision deficiencies; the first three (all a chart uses for its
 * series) are 3:1 or more against white (WCAG 1.4.11). The province's lines are black and dashed.
 */
const COLOURS = ['#0072B2', '#D55E00', '#007A5A', '#A0467F', '#5A4A00'];
export const PROVINCE_COLOUR = '#000000';
/** Lines may cross, so each also has its own dash; bars are solid (the legend and tooltip name them). */
const DASHES = ['', '8 4', '2 3', '12 4 3 4', '5 5'];

export const colourOf = (i: number) => COLOURS[i % COLOURS.length]!;
export const dashOf = (i: number) => DASHES[i % DASHES.length]!;

/** The drawing's height in pixels: sideways bars take a row per category, upright charts a fixed height. */
export function chartHeight(spec: ChartSpec, phone: boolean): number {
  const sideways = spec.sideways || phone;
  const perGroup = spec.kind === 'grouped' ? spec.series.length * 18 + 12 : phone ? 38 : 30;
  return sideways ? Math.max(phone ? 240 : 300, spec.data.length * perGroup + 70) : 380;
}

/** One small-multiples panel's height: a row per category. */
export function multiplesPanelHeight(spec: ChartSpec, phone: boolean): number {
  return Math.max(phone ? 100 : 120, spec.data.length * (phone ? 20 : 24) + 40);
}
