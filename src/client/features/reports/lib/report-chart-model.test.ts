import { describe, expect, it } from 'vitest';
import { REPORT_TYPES, type ReportType } from '../../../../shared/reports.ts';
import type { Report, ReportColumn, ReportRow } from '../../../../shared/schemas/report.ts';
import { REPORT_UI } from '../messages.ts';
import { chartSummary } from './report-chart-summary.ts';
import {
  chartSpecFor,
  fittedDomain,
  median,
  pivot,
  placementRate,
  provinceFigure,
  sumByCategory,
  valueAxis,
  weightedWage,
} from './report-chart-model.ts';

function report(
  type: ReportType,
  columns: [string, ReportColumn['kind'], string?][],
  rows: ReportRow[],
  province: ReportRow = {},
): Report {
  return {
    type,
    params: {},
    release: null,
    columns: columns.map(([key, kind, label]) => ({ key, kind, label: label ?? key })),
    rows,
    totals: {},
    province,
    suppressed: {},
  };
}

describe('sumByCategory', () => {
  it('makes one point per category in the order given, summing finer rows, null only when all are missing', () => {
    const rows = [
      { y: '2023/24', a: 1, b: null },
      { y: '2024/25', a: 2, b: null },
      { y: '2023/24', a: 10, b: 5 },
    ];
    expect(sumByCategory(rows, 'y', [(r) => r.a as number | null, (r) => r.b as number | null])).toEqual([
      { category: '2023/24', s0: 11, s1: 5 },
      { category: '2024/25', s0: 2, s1: null },
    ]);
  });
});

describe('pivot', () => {
  it('cross-tabs categories against the values of another column', () => {
    const rows = [
      { fiscal_year: '2023/24', term: 'Summer', n: 1 },
      { fiscal_year: '2023/24', term: 'Fall', n: 2 },
      { fiscal_year: '2024/25', term: 'Fall', n: 3 },
    ];
    expect(pivot(rows, 'fiscal_year', 'term', (r) => r.n as number)).toEqual({
      series: [
        { key: 's0', label: 'Summer' },
        { key: 's1', label: 'Fall' },
      ],
      data: [
        { category: '2023/24', s0: 1, s1: 2 },
        { category: '2024/25', s0: null, s1: 3 },
      ],
    });
  });
});

describe('weightedWage', () => {
  it('weights each wage by its placements, in cents', () => {
    const rows = [
      { w: '20.00', n: 3 },
      { w: '30.00', n: 1 },
      { w: null, n: 50 },
      { w: '99.99', n: 0 },
    ];
    expect(weightedWage(rows, 'w', 'n')).toBe(22.5);
    expect(
      weightedWage(
        [
          { w: '0.10', n: 1 },
          { w: '0.20', n: 2 },
        ],
        'w',
        'n',
      ),
    ).toBe(0.17); // 50/3 cents rounds to 17
    expect(weightedWage([{ w: null, n: 3 }], 'w', 'n')).toBeNull();
  });
});

describe('placementRate', () => {
  it('divides summed counts, never averages rates', () => {
    expect(
      placementRate([
        { students_placed: 1, students_seeking: 1 },
        { students_placed: 0, students_seeking: 3 },
      ]),
    ).toBe(25); // not (100 + 0) / 2
    expect(placementRate([{ students_placed: 0, students_seeking: 0 }])).toBeNull();
  });
});

describe('chartSpecFor', () => {
  it('draws nothing for a report without rows', () => {
    expect(chartSpecFor('fiscal', report('fiscal', [['fiscal_year', 'text']], []))).toBeNull();
  });

  it('draws the fiscal-year compare as lines over the years, labelled as the columns', () => {
    const spec = chartSpecFor(
      'fiscal',
      report(
        'fiscal',
        [
          ['fiscal_year', 'text', 'Fiscal year'],
          ['students_enrolled', 'count', 'Students enrolled'],
          ['students_seeking', 'count', 'Seeking'],
          ['students_placed', 'count', 'Placed'],
          ['work_terms', 'count', 'Work terms'],
        ],
        [
          { fiscal_year: '2023/24', students_enrolled: 10, students_seeking: 8, students_placed: 6, work_terms: 6 },
          { fiscal_year: '2024/25', students_enrolled: 12, students_seeking: 9, students_placed: 7, work_terms: 7 },
        ],
      ),
    )!;
    expect(spec.kind).toBe('line');
    expect(spec.categoryLabel).toBe('Fiscal year');
    expect(spec.series.map((s) => s.label)).toEqual(['Students enrolled', 'Seeking', 'Placed']); // work terms equal placed
    expect(spec.data).toEqual([
      { category: '2023/24', s0: 10, s1: 8, s2: 6 },
      { category: '2024/25', s0: 12, s1: 9, s2: 7 },
    ]);
  });

  it('draws every one of the ten locations of the region report, one small chart each, none folded into another', () => {
    const row = {
      fiscal_year: '2024/25',
      wt_vancouver_island_coast: 5,
      wt_mainland_southwest: 7,
      wt_thompson_okanagan: 1,
      wt_kootenay: 1,
      wt_cariboo: 1,
      wt_north_coast: 1,
      wt_nechako: 1,
      wt_northeast: 1,
      wt_other_canada: 2,
      wt_international: 3,
    };
    const spec = chartSpecFor(
      'region',
      report(
        'region',
        Object.keys(row).map((k) => [k, k === 'fiscal_year' ? 'text' : 'count']),
        [row],
      ),
    )!;
    expect(spec.kind).toBe('multiples');
    expect(spec.series.map((s) => s.label)).toEqual(Object.keys(row).slice(1));
    expect(spec.data).toEqual([{ category: '2024/25', s0: 5, s1: 7, s2: 1, s3: 1, s4: 1, s5: 1, s6: 1, s7: 1, s8: 2, s9: 3 }]);
  });

  /** The term compare's chart of students placed per term of 2024/25. */
  const termChart = (placed: Record<string, number>) =>
    chartSpecFor(
      'term',
      report(
        'term',
        [
          ['fiscal_year', 'text'],
          ['term', 'text'],
          ['students_placed', 'count'],
        ],
        Object.entries(placed).map(([term, n]) => ({ fiscal_year: '2024/25', term, students_placed: n })),
      ),
    )!;

  it('groups the term compare by fiscal year with one bar per term', () => {
    const spec = termChart({ Summer: 4, Fall: 5, Spring: 6 });
    expect(spec.kind).toBe('grouped');
    expect(spec.series.map((s) => s.label)).toEqual(['Summer', 'Fall', 'Spring']);
    expect(spec.data).toEqual([{ category: '2024/25', s0: 4, s1: 5, s2: 6 }]);
    expect(spec.description).toBe('students placed in Summer, Fall and Spring, for each fiscal year');
  });

  it('names in the term compare’s description only the terms it draws', () => {
    expect(termChart({ Summer: 4, Spring: 4 }).description).toBe('students placed in Summer and Spring, for each fiscal year');
    expect(termChart({ Fall: 4 }).description).toBe('students placed in Fall, for each fiscal year');
  });

  it('compares institutions by placement % over all their rows as dots, highest first, with the province as a reference', () => {
    const spec = chartSpecFor(
      'placement',
      report(
        'placement',
        [
          ['institution', 'text'],
          ['discipline', 'text'],
          ['fiscal_year', 'text'],
          ['students_seeking', 'count'],
          ['students_placed', 'count'],
          ['placement_pct', 'percent'],
        ],
        [
          {
            institution: 'SFU',
            discipline: 'Health',
            fiscal_year: '2024/25',
            students_seeking: 10,
            students_placed: 5,
            placement_pct: 50,
          },
          {
            institution: 'SFU',
            discipline: 'Other',
            fiscal_year: '2024/25',
            students_seeking: 30,
            students_placed: 30,
            placement_pct: 100,
          },
          {
            institution: 'UVic',
            discipline: 'Health',
            fiscal_year: '2024/25',
            students_seeking: 0,
            students_placed: 0,
            placement_pct: null,
          },
        ],
        { placement_pct: 81.25 },
      ),
    )!;
    expect(spec.kind).toBe('dot');
    expect(spec.valueKind).toBe('percent');
    expect(spec.sideways).toBe(true);
    expect(spec.data).toEqual([
      { category: 'SFU', s0: 87.5 },
      { category: 'UVic', s0: null },
    ]);
    expect(spec.references).toEqual([{ value: 81.25, label: 'Province (all institutions): 81.3%' }]);
    // The axis fits the dot and the line, and says it does not start at 0.
    expect(spec.domain).toEqual([78, 90]);
    expect(spec.axisNote).toBe(REPORT_UI.chart.axisFrom('78.0%'));
  });

  it("leaves out the province line when the province's rate is hidden, and says so next to the chart", () => {
    const columns: [string, ReportColumn['kind']][] = [
      ['institution', 'text'],
      ['students_seeking', 'count'],
      ['students_placed', 'count'],
      ['placement_pct', 'percent'],
    ];
    const rows = [{ institution: 'UVic', students_seeking: 10, students_placed: 9, placement_pct: 90 }];
    const shown = chartSpecFor('placement', report('placement', columns, rows, { placement_pct: 81.25 }))!;
    const hidden = chartSpecFor('placement', {
      ...report('placement', columns, rows, { students_seeking: null, students_placed: null, placement_pct: null }),
      suppressed: { students_seeking: 'threshold', students_placed: 'threshold', placement_pct: 'threshold' },
    })!;
    expect(shown.hiddenNote).toBeUndefined();
    expect(shown.description).toContain('province');
    expect(hidden.references).toEqual([]);
    expect(hidden.hiddenNote).toBe(REPORT_UI.chart.provinceHidden);
    expect(hidden.description).not.toContain('province');
    expect(hidden.data).toEqual(shown.data);
  });

  it('compares wages by discipline as dots, weighted over credentials and years, highest first, beside the province', () => {
    const spec = chartSpecFor(
      'salary',
      report(
        'salary',
        [
          ['discipline', 'text'],
          ['credential', 'text'],
          ['fiscal_year', 'text'],
          ['placed_with_wage', 'count'],
          ['avg_hourly_wage', 'money'],
        ],
        [
          { discipline: 'Health', credential: 'Diploma', fiscal_year: '2023/24', placed_with_wage: 1, avg_hourly_wage: '20.00' },
          { discipline: 'Other', credential: 'Diploma', fiscal_year: '2023/24', placed_with_wage: 3, avg_hourly_wage: '24.00' },
          { discipline: 'Health', credential: 'Diploma', fiscal_year: '2024/25', placed_with_wage: 2, avg_hourly_wage: '25.50' },
        ],
        { avg_hourly_wage: '22.00' },
      ),
    )!;
    expect(spec.kind).toBe('dot');
    expect(spec.valueKind).toBe('money');
    expect(spec.categoryLabel).toBe('discipline');
    expect(spec.series.map((s) => s.label)).toEqual([REPORT_UI.chart.wage]);
    // Health: (20 × 1 + 25.50 × 2) / 3 = 23.67; Other: 24.
    expect(spec.data).toEqual([
      { category: 'Other', s0: 24 },
      { category: 'Health', s0: 23.67 },
    ]);
    expect(spec.references.map((r) => r.value)).toEqual([22]);
    expect(spec.leftOut).toBe(REPORT_UI.chart.leftOut.salary);
  });

  it('puts credentials in the order of their ladder, not the order rows meet them', () => {
    const rows = ["Master's Degree", 'Certificate', "Bachelor's Degree", 'Diploma'].map((credential) => ({
      institution: 'A',
      credential,
      coop_fee_domestic_median: '1.00',
    }));
    const spec = chartSpecFor(
      'tuition',
      report(
        'tuition',
        [
          ['institution', 'text'],
          ['credential', 'text'],
        ],
        rows,
      ),
    )!;
    expect(spec.data.map((p) => p.category)).toEqual(['Certificate', 'Diploma', "Bachelor's Degree", "Master's Degree"]);
  });

  it("shows the median fees per credential, the median of the institutions' medians, beside the province's", () => {
    const spec = chartSpecFor(
      'tuition',
      report(
        'tuition',
        [
          ['institution', 'text'],
          ['credential', 'text'],
          ['coop_fee_domestic_median', 'money'],
          ['coop_fee_international_median', 'money'],
        ],
        [
          { institution: 'A', credential: 'Diploma', coop_fee_domestic_median: '500.00', coop_fee_international_median: null },
          {
            institution: 'B',
            credential: 'Diploma',
            coop_fee_domestic_median: '450.00',
            coop_fee_international_median: '900.00',
          },
          {
            institution: 'C',
            credential: 'Diploma',
            coop_fee_domestic_median: '700.00',
            coop_fee_international_median: '1000.00',
          },
        ],
        { coop_fee_domestic_median: '480.00', coop_fee_international_median: '950.00' },
      ),
    )!;
    expect(spec.kind).toBe('grouped');
    expect(spec.series.map((s) => s.label)).toEqual([REPORT_UI.chart.medianDomestic, REPORT_UI.chart.medianInternational]);
    expect(spec.data).toEqual([{ category: 'Diploma', s0: 500, s1: 950 }]);
    // Each province median is drawn in the colour of the series it compares with.
    expect(spec.references.map((r) => [r.value, r.series])).toEqual([
      [480, 0],
      [950, 1],
    ]);
  });

  it('has a chart for every report type, each with a description', () => {
    const kinds = Object.fromEntries(
      REPORT_TYPES.map((type) => {
        const r = report(
          type,
          [
            ['fiscal_year', 'text'],
            ['discipline', 'text'],
            ['institution', 'text'],
            ['credential', 'text'],
            ['term', 'text'],
          ],
          [{ fiscal_year: '2024/25', discipline: 'Health', institution: 'UVic', credential: 'Diploma', term: 'Fall' }],
        );
        const spec = chartSpecFor(type, r)!;
        expect(spec.description.length).toBeGreaterThan(10);
        expect(spec.data).toHaveLength(1);
        return [type, spec.kind];
      }),
    );
    expect(kinds).toEqual({
      region: 'multiples',
      employer: 'stacked',
      duration: 'percent',
      fiscal: 'line',
      discipline: 'grouped',
      term: 'grouped',
      placement: 'dot',
      institution: 'grouped',
      salary: 'dot',
      tuition: 'grouped',
    });
  });
});

describe('provinceFigure', () => {
  it("reads a province figure as a number, null when there is none, 'hidden' when disclosure control withholds it", () => {
    const r = { province: { a: 12, b: '3.50', c: null, d: null }, suppressed: { d: 'dominance' as const } };
    expect(provinceFigure(r, 'a')).toBe(12);
    expect(provinceFigure(r, 'b')).toBe(3.5);
    expect(provinceFigure(r, 'c')).toBeNull();
    expect(provinceFigure(r, 'd')).toBe('hidden');
  });
});

describe('every chart and a hidden province', () => {
  // Every measure a chart could read, so a chart that starts drawing another province figure is caught here.
  const MEASURES = [
    'students_enrolled',
    'students_seeking',
    'students_placed',
    'placement_pct',
    'work_terms',
    'employers_total',
    'employers_new',
    'employers_new_pct',
    'intl_students',
    'indigenous_students',
    'students_with_disability',
    'wt_vancouver_island_coast',
    'wt_mainland_southwest',
    'wt_thompson_okanagan',
    'wt_kootenay',
    'wt_cariboo',
    'wt_north_coast',
    'wt_nechako',
    'wt_northeast',
    'wt_other_canada',
    'wt_international',
    'wt_private',
    'wt_public',
    'wt_nonprofit',
    'wt_4_month',
    'wt_8_month',
    'wt_12_month_plus',
    'placed_with_wage',
    'avg_hourly_wage',
    'programs',
    'coop_fee_domestic_min',
    'coop_fee_domestic_median',
    'coop_fee_domestic_max',
    'coop_fee_international_min',
    'coop_fee_international_median',
    'coop_fee_international_max',
  ];
  const GROUPINGS = ['fiscal_year', 'discipline', 'institution', 'credential', 'term'];
  const columns: [string, ReportColumn['kind']][] = [
    ...GROUPINGS.map((key): [string, ReportColumn['kind']] => [key, 'text']),
    ...MEASURES.map((key): [string, ReportColumn['kind']] => [key, 'count']),
  ];
  const row: ReportRow = {
    ...{ fiscal_year: '2024/25', discipline: 'Health', institution: 'UVic', credential: 'Diploma', term: 'Fall' },
    ...Object.fromEntries(MEASURES.map((key, i) => [key, 10 + i])),
  };
  const province = Object.fromEntries(MEASURES.map((key, i) => [key, 1000 + i]));

  it.each(REPORT_TYPES)(
    '%s draws the same rows either way, and a reference line only from a province figure it may show',
    (type) => {
      const shown = chartSpecFor(type, report(type, columns, [row], province))!;
      const hidden = chartSpecFor(type, {
        ...report(type, columns, [row], Object.fromEntries(MEASURES.map((key) => [key, null]))),
        suppressed: Object.fromEntries(MEASURES.map((key) => [key, 'threshold' as const])),
      })!;
      expect(hidden.data).toEqual(shown.data);
      expect(hidden.series).toEqual(shown.series);
      expect(hidden.references).toEqual([]);
      // A chart that draws a province line when it may must say it left it out when it may not.
      expect(hidden.hiddenNote).toBe(shown.references.length > 0 ? REPORT_UI.chart.provinceHidden : undefined);
      // Nor does its summary name a hidden province figure.
      expect(chartSummary(hidden)).not.toContain('Province');
    },
  );
});

describe('fittedDomain', () => {
  it('fits close values on round numbers with a step of room, and starts at 0 when the fit would anyway', () => {
    expect(fittedDomain([84.2, 91.3, 88], 'percent')).toEqual([82, 94]);
    expect(fittedDomain([99.5, 96], 'percent')).toEqual([95, 100]); // a percentage never runs past 100
    expect(fittedDomain([5, 60], 'percent')).toBeUndefined();
    expect(fittedDomain([null], 'money')).toBeUndefined();
    expect(fittedDomain([21.5, 27.9, null], 'money')).toEqual([18, 30]);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two, skipping missing ones', () => {
    expect(median([3, null, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([null])).toBeNull();
  });
});

describe('the p/r note', () => {
  it('is carried by the chart when any row it draws is preliminary or revised', () => {
    const columns: [string, ReportColumn['kind']][] = [
      ['fiscal_year', 'text'],
      ['wt_private', 'count'],
    ];
    const plain = chartSpecFor(
      'employer',
      report('employer', columns, [{ fiscal_year: '2024/25', wt_private: 3, _flag: null }]),
    )!;
    const flagged = chartSpecFor(
      'employer',
      report('employer', columns, [{ fiscal_year: '2024/25', wt_private: 3, _flag: 'r' }]),
    )!;
    expect(plain.flagged).toBeUndefined();
    expect(flagged.flagged).toBe(true);
  });
});

describe('valueAxis', () => {
  const series = [
    { key: 's0', label: 'A' },
    { key: 's1', label: 'B' },
  ];
  const data = [
    { category: 'x', s0: 20_000, s1: 12_000 },
    { category: 'y', s0: 33_800, s1: null },
  ];

  it('ends on a round number above the largest value, with round steps from 0', () => {
    expect(valueAxis({ kind: 'grouped', data, series, references: [] }, 5)).toEqual({
      domain: [0, 40_000],
      ticks: [0, 10_000, 20_000, 30_000, 40_000],
    });
  });

  it('reaches the top of the tallest stack in a stacked chart, and the province line', () => {
    const stack = [{ category: 'x', s0: 20_000, s1: 25_000 }];
    expect(valueAxis({ kind: 'stacked', data: stack, series, references: [] }, 5).domain).toEqual([0, 50_000]);
    expect(valueAxis({ kind: 'grouped', data: stack, series, references: [] }, 5).domain).toEqual([0, 30_000]);
    expect(valueAxis({ kind: 'grouped', data, series, references: [{ value: 41_000, label: 'P' }] }, 5)).toEqual({
      domain: [0, 50_000],
      ticks: [0, 25_000, 50_000],
    });
  });

  it('uses steps of 2.5 and fewer ticks on a phone', () => {
    expect(valueAxis({ kind: 'line', data: [{ category: 'x', s0: 950 }], series: [series[0]!], references: [] }, 5)).toEqual({
      domain: [0, 1_000],
      ticks: [0, 250, 500, 750, 1_000],
    });
    expect(valueAxis({ kind: 'grouped', data, series, references: [] }, 4).ticks).toEqual([0, 20_000, 40_000]);
  });
});
