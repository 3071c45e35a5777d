import { sql, type SQL } from 'drizzle-orm';
import { REGIONS } from '../../../shared/constants.ts';
import {
  DURATION_FIELDS,
  LOCATION_FIELDS,
  RECORD_FIELD_LABELS,
  type CountField,
  type MoneyField,
} from '../../../shared/record-rules.ts';
import type { ReportType } from '../../../shared/reports.ts';
import type { ReportColumnKind } from '../../../shared/schemas/report.ts';
import type { DirectFigure } from '../disclosure/released-records.ts';
import { NAME_COLUMNS, recordColumn, sumOfColumns, TERM_ORDER } from '../records/record-sql.ts';

/**
 * The ten reports of docs/product.md §7 as data: what each groups by and which measures it shows. Every measure is one
 * SQL aggregate over `records r JOIN programs p JOIN institutions i`, so the database adds up; rates are computed
 * from summed counts (never averaged percentages) and money stays numeric until it is rounded once, at the end.
 */

export interface Dimension {
  key: string;
  label: string;
  /** The grouped value. */
  value: SQL;
  /** How rows are ordered by this dimension (defaults to the value). */
  order?: SQL;
}

export interface Measure {
  key: string;
  label: string;
  kind: Exclude<ReportColumnKind, 'text'>;
  /**
   * The additive per-record amounts the figure rests on, by name (a name means the same amount in every report). The
   * province row is judged part by part for people who may not read every institution (docs/disclosure-control.md).
   */
  parts: Record<string, SQL>;
  /** The figure from its parts' sums, each given as SQL: `sum(part)` over records, or a sum of such sums. */
  figure: (sums: Record<string, SQL>) => SQL;
  /**
   * A figure that is no function of its parts' sums (a median, a lowest fee, a count of distinct programs) is an
   * aggregate over the records; its parts then only say how many records it rests on. `oneRecord`: the figure is a
   * single record's own value (a lowest or a highest), which a sum over several institutions never is. `of`: the same
   * aggregate said as data, for the province row that merges kept released records (disclosure/released-records.ts).
   */
  direct?: { value: SQL; oneRecord?: boolean; of: DirectFigure };
}

/** A measure's aggregate over grouped records. */
export function measureValue(measure: Measure): SQL {
  if (measure.direct) return measure.direct.value;
  const sums = Object.fromEntries(Object.entries(measure.parts).map(([name, part]) => [name, sql`sum(${part})`]));
  return measure.figure(sums);
}

/** A measure computed from the grouped rows (year-over-year change): null in totals and in the province row. */
export interface WindowMeasure {
  key: string;
  label: string;
  kind: 'change' | 'percent';
  /** Over the grouped rows `g`, ordered by the dimensions. */
  value: SQL;
}

export interface ReportDefinition {
  dimensions: Dimension[];
  measures: Measure[];
  windowMeasures?: WindowMeasure[];
}

// ---- Building blocks -----------------------------------------------------------------------------------

/** A sum as a JSON number on both drivers (float8: exact far beyond any real total); no records count 0. */
const asCount = (sum: SQL): SQL => sql`coalesce(${sum}, 0)::float8`;
/** 100 × part ÷ whole, from sums, to one decimal; null when the whole is zero. */
const percentOf = (part: SQL, whole: SQL): SQL => sql`round(100 * (${part})::numeric / nullif(${whole}, 0)::numeric, 1)::float8`;

/** The sum of a count field, under the field's own label unless the report words it shorter. */
const count = (field: CountField, label = RECORD_FIELD_LABELS[field]): Measure => ({
  key: field,
  label,
  kind: 'count',
  parts: { [field]: recordColumn(field) },
  figure: (sums) => asCount(sums[field]!),
});
const ENROLLED = count('students_enrolled');
const SEEKING = count('students_seeking');
const PLACED = count('students_placed');
const WORK_TERMS: Measure = {
  key: 'work_terms',
  label: 'Work terms',
  kind: 'count',
  parts: { work_terms: sumOfColumns(DURATION_FIELDS) },
  figure: (sums) => asCount(sums.work_terms!),
};
/** A percentage of two count fields' sums. */
function percentage(key: string, label: string, part: CountField, whole: CountField): Measure {
  return {
    key,
    label,
    kind: 'percent',
    parts: { [part]: recordColumn(part), [whole]: recordColumn(whole) },
    figure: (sums) => percentOf(asCount(sums[part]!), asCount(sums[whole]!)),
  };
}
const PLACEMENT_PCT = percentage('placement_pct', 'Placement %', 'students_placed', 'students_seeking');
/**
 * Students placed by records that report a wage, and by those that do not. Figures about wages rest on both: shown
 * beside students placed, the first gives the second by subtraction, so both must pass the disclosure rule.
 */
const PLACED_WITH_WAGE = sql`CASE WHEN r.avg_hourly_wage IS NOT NULL THEN r.students_placed END`;
const WAGE_PARTS = {
  placed_with_wage: PLACED_WITH_WAGE,
  placed_without_wage: sql`CASE WHEN r.avg_hourly_wage IS NULL THEN r.students_placed END`,
};
/** The mean hourly wage weighted by students placed, over records that report a wage. */
const WEIGHTED_WAGE: Measure = {
  key: 'avg_hourly_wage',
  label: 'Average hourly wage (weighted by placements)',
  kind: 'money',
  parts: { wage_x_placed: sql`r.avg_hourly_wage * r.students_placed`, ...WAGE_PARTS },
  figure: (sums) => sql`round(${sums.wage_x_placed!} / nullif(${sums.placed_with_wage!}, 0), 2)::text`,
};
const DEMOGRAPHICS = [count('intl_students'), count('indigenous_students'), count('students_with_disability')];

/** A figure computed from the records directly; `records` names the part counting the records it rests on. */
function direct(
  key: string,
  label: string,
  kind: Measure['kind'],
  records: [name: string, counted: SQL],
  value: SQL,
  of: DirectFigure,
): Measure {
  return {
    key,
    label,
    kind,
    parts: { [records[0]]: records[1] },
    figure: () => value,
    direct: { value, oneRecord: of.stat === 'min' || of.stat === 'max', of },
  };
}

/** Minimum, median and maximum of a fee over the records that report it. */
function feeRange(column: MoneyField, label: string): Measure[] {
  const c = recordColumn(column);
  const reported: [string, SQL] = [`${column}_records`, sql`CASE WHEN ${c} IS NOT NULL THEN 1 END`];
  return [
    direct(`${column}_min`, `${label}: lowest`, 'money', reported, sql`min(${c})::text`, { stat: 'min', column }),
    direct(
      `${column}_median`,
      `${label}: median`,
      'money',
      reported,
      sql`round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ${c}))::numeric, 2)::text`,
      { stat: 'median', column },
    ),
    direct(`${column}_max`, `${label}: highest`, 'money', reported, sql`max(${c})::text`, { stat: 'max', column }),
  ];
}

/** Change from the previous row (the previous fiscal year) and that change in percent. */
function yearOverYear(key: string, label: string): WindowMeasure[] {
  const current = sql.raw(`g.${key}`);
  const previous = sql`lag(${current}) OVER (ORDER BY g.fiscal_year)`;
  return [
    { key: `${key}_change`, label: `${label}: change`, kind: 'change', value: sql`(${current} - ${previous})::float8` },
    {
      key: `${key}_change_pct`,
      label: `${label}: % change`,
      kind: 'percent',
      value: sql`round(100 * (${current} - ${previous})::numeric / nullif(${previous}, 0)::numeric, 1)::float8`,
    },
  ];
}

// ---- Dimensions ----------------------------------------------------------------------------------------

const FISCAL_YEAR: Dimension = {
  key: 'fiscal_year',
  label: RECORD_FIELD_LABELS.fiscal_year,
  value: recordColumn('fiscal_year'),
};
const TERM: Dimension = { key: 'term', label: RECORD_FIELD_LABELS.term, value: recordColumn('term'), order: TERM_ORDER };
const INSTITUTION: Dimension = {
  key: 'institution',
  ...NAME_COLUMNS.institution,
  order: sql`lower(${NAME_COLUMNS.institution.value})`,
};
const DISCIPLINE: Dimension = {
  key: 'discipline',
  ...NAME_COLUMNS.discipline,
  order: sql`(SELECT d.sort_order FROM disciplines d WHERE d.name = ${NAME_COLUMNS.discipline.value})`,
};
const CREDENTIAL: Dimension = {
  key: 'credential',
  ...NAME_COLUMNS.credential,
  // The ladder of credentials, not the alphabet.
  order: sql`(CASE p.credential WHEN 'Certificate' THEN 1 WHEN 'Diploma' THEN 2 WHEN 'Associate Degree' THEN 3
    WHEN 'Bachelor''s Degree' THEN 4 WHEN 'Post-Degree' THEN 5 WHEN 'Master''s Degree' THEN 6 ELSE 7 END)`,
};

// ---- The ten reports -----------------------------------------------------------------------------------

/** The region report names each location by its place alone: the eight regions (LOCATION_FIELDS is in REGIONS order), then the rest. */
const LOCATION_NAMES = [...REGIONS, 'Other Canada', 'International'] as const satisfies { length: typeof LOCATION_FIELDS.length };

export const REPORT_DEFINITIONS: Record<ReportType, ReportDefinition> = {
  region: {
    dimensions: [FISCAL_YEAR],
    measures: [...LOCATION_FIELDS.map((field, n) => count(field, LOCATION_NAMES[n])), WORK_TERMS, PLACED, ...DEMOGRAPHICS],
  },
  employer: {
    dimensions: [FISCAL_YEAR],
    measures: [
      count('wt_private', 'Private sector'),
      count('wt_public', 'Public sector'),
      count('wt_nonprofit', 'Non-profit sector'),
      WORK_TERMS,
      count('employers_total'),
      count('employers_new'),
      percentage('employers_new_pct', 'New employers %', 'employers_new', 'employers_total'),
    ],
  },
  discipline: {
    dimensions: [DISCIPLINE],
    measures: [ENROLLED, SEEKING, PLACED, PLACEMENT_PCT, WORK_TERMS],
  },
  term: {
    dimensions: [FISCAL_YEAR, TERM],
    measures: [ENROLLED, SEEKING, PLACED, PLACEMENT_PCT, WORK_TERMS],
  },
  fiscal: {
    dimensions: [FISCAL_YEAR],
    measures: [ENROLLED, SEEKING, PLACED, PLACEMENT_PCT, WORK_TERMS],
    windowMeasures: [
      ...yearOverYear('students_enrolled', 'Enrolled'),
      ...yearOverYear('students_placed', 'Placed'),
      ...yearOverYear('work_terms', 'Work terms'),
    ],
  },
  placement: {
    dimensions: [INSTITUTION, DISCIPLINE, FISCAL_YEAR],
    measures: [SEEKING, PLACED, PLACEMENT_PCT],
  },
  institution: {
    dimensions: [INSTITUTION],
    measures: [
      ENROLLED,
      SEEKING,
      PLACED,
      PLACEMENT_PCT,
      WORK_TERMS,
      count('employers_total'),
      count('employers_new'),
      ...DEMOGRAPHICS,
      WEIGHTED_WAGE,
    ],
  },
  salary: {
    dimensions: [DISCIPLINE, CREDENTIAL, FISCAL_YEAR],
    measures: [
      {
        key: 'placed_with_wage',
        label: 'Students placed (with a wage reported)',
        kind: 'count',
        parts: WAGE_PARTS,
        figure: (sums) => asCount(sums.placed_with_wage!),
      },
      WEIGHTED_WAGE,
    ],
  },
  tuition: {
    dimensions: [INSTITUTION, CREDENTIAL],
    measures: [
      direct('programs', 'Programs', 'count', ['records', sql`1`], sql`count(DISTINCT r.program_id)::float8`, {
        stat: 'distinct',
        column: 'program_id',
      }),
      ...feeRange('coop_fee_domestic', 'Domestic fee'),
      ...feeRange('coop_fee_international', 'International fee'),
    ],
  },
  duration: {
    dimensions: [DISCIPLINE],
    measures: [count('wt_4_month'), count('wt_8_month'), count('wt_12_month_plus', '12-month-plus work terms'), WORK_TERMS],
  },
};

/** Every part any report's measures rest on, each once, in a fixed order: what a release's data is summed into. */
export const ALL_PARTS: { name: string; value: SQL }[] = [
  ...new Map(Object.values(REPORT_DEFINITIONS).flatMap((d) => d.measures.flatMap((m) => Object.entries(m.parts)))).entries(),
].map(([name, value]) => ({ name, value }));

/** Every direct figure any report shows, each once: what a release's records are kept for (decision 043). */
export const ALL_DIRECT_FIGURES: DirectFigure[] = [
  ...new Map(
    Object.values(REPORT_DEFINITIONS)
      .flatMap((d) => d.measures.flatMap((m) => (m.direct ? [m.direct.of] : [])))
      .map((f) => [JSON.stringify(f), f]),
  ).values(),
];
