import type { ReportType } from '../../../../shared/reports.ts';
import type { ReportColumn } from '../../../../shared/schemas/report.ts';

/**
 * How a report's table heads its columns on screen (issue 30: every answer at 1366 px without scrolling sideways).
 * Columns of one measure or one breakdown stand under a heading that spans them, each with a short heading of its
 * own ("Domestic fee" over "Lowest", "Median", "Highest"), as statistical tables do. A group marked `optional` is
 * secondary to the report's answer: hidden on screen until asked for, always on paper. The server's columns, their
 * order and the downloads are untouched: this is presentation only.
 */
export interface ReportColumnGroup {
  /** The spanning heading; omitted for a column that only gets a shorter heading of its own. */
  label?: string;
  /** The columns under it, in the table's order, each with its short heading (the visible words). */
  columns: readonly (readonly [key: string, short: string])[];
  /** Secondary columns: hidden on screen until the reader shows them (a checkbox over the table), printed always. */
  optional?: boolean;
}

const LOCATIONS = [
  ['wt_vancouver_island_coast', 'Vancouver Island/Coast'],
  ['wt_mainland_southwest', 'Mainland/Southwest'],
  ['wt_thompson_okanagan', 'Thompson-Okanagan'],
  ['wt_kootenay', 'Kootenay'],
  ['wt_cariboo', 'Cariboo'],
  ['wt_north_coast', 'North Coast'],
  ['wt_nechako', 'Nechako'],
  ['wt_northeast', 'Northeast'],
  ['wt_other_canada', 'Other Canada'],
  ['wt_international', 'International'],
] as const;

const WHO_WAS_PLACED = [
  ['intl_students', 'International'],
  ['indigenous_students', 'Indigenous'],
  ['students_with_disability', 'With a disability'],
] as const;

/** The wage's label names its weighting in full: the heading says it in a word, the accessible name in full. */
const WAGE: ReportColumnGroup = { columns: [['avg_hourly_wage', 'Average hourly wage (weighted)']] };

/** The reports whose columns are grouped; the others keep one heading per column. */
export const REPORT_COLUMN_GROUPS: Partial<Record<ReportType, readonly ReportColumnGroup[]>> = {
  region: [
    { label: 'Work terms by location', columns: [...LOCATIONS, ['work_terms', 'All']] },
    { label: 'Students placed', columns: [['students_placed', 'All'], ...WHO_WAS_PLACED], optional: true },
  ],
  fiscal: [
    {
      label: 'Enrolled',
      columns: [
        ['students_enrolled_change', 'Change'],
        ['students_enrolled_change_pct', '% change'],
      ],
    },
    {
      label: 'Placed',
      columns: [
        ['students_placed_change', 'Change'],
        ['students_placed_change_pct', '% change'],
      ],
    },
    {
      label: 'Work terms',
      columns: [
        ['work_terms_change', 'Change'],
        ['work_terms_change_pct', '% change'],
      ],
    },
    {
      label: "The year's totals",
      columns: [
        ['students_enrolled', 'Enrolled'],
        ['students_seeking', 'Seeking a work term'],
        ['students_placed', 'Placed'],
        ['placement_pct', 'Placement %'],
        ['work_terms', 'Work terms'],
      ],
    },
  ],
  institution: [
    {
      label: 'Students',
      columns: [
        ['students_enrolled', 'Enrolled'],
        ['students_seeking', 'Seeking a work term'],
        ['students_placed', 'Placed'],
        ['placement_pct', 'Placement %'],
      ],
    },
    {
      label: 'Employers',
      columns: [
        ['employers_total', 'All'],
        ['employers_new', 'New'],
      ],
    },
    { label: 'Among students placed', columns: WHO_WAS_PLACED },
    WAGE,
  ],
  tuition: [
    {
      label: 'Domestic fee',
      columns: [
        ['coop_fee_domestic_min', 'Lowest'],
        ['coop_fee_domestic_median', 'Median'],
        ['coop_fee_domestic_max', 'Highest'],
      ],
    },
    {
      label: 'International fee',
      columns: [
        ['coop_fee_international_min', 'Lowest'],
        ['coop_fee_international_median', 'Median'],
        ['coop_fee_international_max', 'Highest'],
      ],
    },
  ],
};

/** A column as headed on screen: its short heading, the name it is read by, and whether it is secondary. */
export interface HeadedColumn extends ReportColumn {
  /** The visible words of its heading. */
  short: string;
  /**
   * The heading's accessible name: the column's own label (the downloads' heading) when the short words are part of
   * it, else the group's label and the short words ("Employers: All"), so what is seen is always part of what is read.
   */
  name: string;
  optional: boolean;
}

/** The top row of a two-row heading: a group spanning its columns, or a column heading both rows. */
export type TopHeading =
  { kind: 'group'; label: string; columns: HeadedColumn[]; optional: boolean } | { kind: 'column'; column: HeadedColumn };

export interface ReportHead {
  /** Every column in the table's order, as headed. */
  columns: HeadedColumn[];
  /** Null when no group spans columns: one heading row. */
  top: TopHeading[] | null;
  /** The optional groups, for the checkboxes that show them. */
  optional: { label: string; keys: string[] }[];
}

const contains = (label: string, words: string) => label.toLocaleLowerCase().includes(words.toLocaleLowerCase());

/**
 * The heading of a report's columns from its groups. A group applies only when all its columns are there, next to
 * each other and in its order (so a change of the server's columns never misplaces a heading: the columns then keep
 * their own labels); a column in no group keeps its label.
 */
export function reportHead(columns: readonly ReportColumn[], groups: readonly ReportColumnGroup[] = []): ReportHead {
  const headed: HeadedColumn[] = columns.map((c) => ({ ...c, short: c.label, name: c.label, optional: false }));
  const applied: { group: ReportColumnGroup; start: number }[] = [];
  for (const group of groups) {
    const start = columns.findIndex((c) => c.key === group.columns[0]?.[0]);
    const fits =
      start >= 0 &&
      group.columns.length > 0 &&
      group.columns.every(([key], i) => columns[start + i]?.key === key) &&
      applied.every((a) => start >= a.start + a.group.columns.length || start + group.columns.length <= a.start);
    if (!fits) continue;
    applied.push({ group, start });
    group.columns.forEach(([, short], i) => {
      const column = headed[start + i]!;
      column.short = short;
      column.name = contains(column.label, short) || !group.label ? column.label : `${group.label}: ${short}`;
      column.optional = !!group.optional;
    });
  }
  const spanning = applied.filter((a) => a.group.label).sort((a, b) => a.start - b.start);
  let top: TopHeading[] | null = null;
  if (spanning.length > 0) {
    top = [];
    for (let i = 0; i < headed.length;) {
      const at = spanning.find((a) => a.start === i);
      if (at) {
        const span = headed.slice(i, i + at.group.columns.length);
        top.push({ kind: 'group', label: at.group.label!, columns: span, optional: !!at.group.optional });
        i += span.length;
      } else {
        top.push({ kind: 'column', column: headed[i]! });
        i += 1;
      }
    }
  }
  const optional = applied
    .filter((a) => a.group.optional)
    .map((a) => ({ label: a.group.label ?? headed[a.start]!.label, keys: a.group.columns.map(([key]) => key) }));
  return { columns: headed, top, optional };
}
