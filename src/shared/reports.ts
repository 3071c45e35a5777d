/** The ten report types of `/reports/params?type=` and the result page each opens. */
export const REPORT_TYPES = [
  'region',
  'employer',
  'discipline',
  'term',
  'fiscal',
  'placement',
  'institution',
  'salary',
  'tuition',
  'duration',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_PAGES: Record<ReportType, string> = {
  region: '/reports/regions',
  employer: '/reports/employer',
  discipline: '/reports/discipline',
  term: '/reports/termCompare',
  fiscal: '/reports/yearCompare',
  placement: '/reports/placementPercentage',
  institution: '/reports/institutionalBreakdown',
  salary: '/reports/salaryBreakdown',
  tuition: '/reports/tuitionBreakdown',
  duration: '/reports/durationReport',
};

/** The labels of a report's two summary rows, in tables and downloads alike. */
export const REPORT_TOTAL_LABEL = 'Total (institutions shown)';
export const REPORT_PROVINCE_LABEL = 'Province (all institutions)';

/** The marks of report rows (docs/product.md §11.3), as the table's legend and the downloads' footnote say them. */
export const REPORT_FLAG_MEANINGS = {
  p: 'preliminary — rests on a return that is not approved yet',
  r: 'revised — changed after its return was first approved',
} as const;
export const REPORT_FLAG_LEGEND = `p: ${REPORT_FLAG_MEANINGS.p}; r: ${REPORT_FLAG_MEANINGS.r}`;
export const REPORT_FLAG_COLUMN_LABEL = 'Flag';
