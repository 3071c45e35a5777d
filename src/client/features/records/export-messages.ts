/** The words of the two export screens (Export Records and CEWIL Export). */
export const EXPORT_UI = {
  records: {
    intro:
      'Download every record that matches, one row per record, with readable headings and the names of each institution and program. Leave the criteria empty to export them all.',
    submit: 'Count matching records',
    counting: 'Counting the matching records…',
    matching: (n: number) => (n === 1 ? '1 record matches.' : `${n.toLocaleString('en-CA')} records match.`),
    none: 'No record matches these criteria: change them to export something.',
    noneApproved: 'No record of an approved return matches: change the criteria, or include returns not approved yet.',
    criteria: 'Criteria',
    allRecords: 'Every record',
  },
  cewil: {
    intro:
      'The return CEWIL Canada’s national co-op statistics ask for: for one fiscal year, one row per institution, program and term of the submitted records, with work terms by duration and by location and the students placed.',
    fiscalYear: 'Fiscal year',
    fiscalYearHint: 'April to March. Drafts are left out: they may be incomplete.',
    counting: 'Counting the rows…',
    rows: (n: number, year: string) => (n === 1 ? `1 row for ${year}.` : `${n.toLocaleString('en-CA')} rows for ${year}.`),
    none: (year: string) => `No submitted record for ${year} yet: the file would hold its headings only.`,
    noneApproved: (year: string) =>
      `No submitted record of an approved return for ${year} yet: the file would hold its headings and notes only.`,
    layout:
      'Columns: fiscal year, institution, program, CIP code, credential, WIL type, co-op model, term; work terms of 4, 8 and 12 or more months; work terms in British Columbia, elsewhere in Canada and abroad; students placed; Flag.',
  },
  downloadTitle: 'Download',
  approvedOnly: 'Approved returns only',
  approvedOnlyHint:
    'Leave out the records of term returns the province has not approved yet. Records changed since their return was approved stay in, marked r.',
  flagHint:
    'Each row has a Flag, as in the reports: p (preliminary) when its return is not approved yet, r (revised) when it changed after its return was approved. The same count is written under the table.',
  summaryFailed: 'Could not count what the file would hold',
  format: 'File format',
  csv: 'CSV (opens in Excel; UTF-8)',
  xlsx: 'Excel workbook (XLSX)',
  download: (format: string) => `Download ${format.toUpperCase()}`,
  progress: 'Your browser shows the download’s progress; large exports take a few seconds to start.',
} as const;
