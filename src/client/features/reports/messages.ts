import { SUPPRESSED_MARK, type DisclosureRule } from '../../../shared/disclosure.ts';
import { REPORT_PROVINCE_LABEL, REPORT_TOTAL_LABEL, REPORT_TYPES, type ReportType } from '../../../shared/reports.ts';
import type { SuppressionReason } from '../../../shared/schemas/report.ts';
import { wordList } from '../../../shared/word-list.ts';

/**
 * The words of the report screens. Menu labels come from src/shared/navigation.ts and page titles from the route
 * table (src/shared/app-routes.ts); catalogue messages (ERRORS) from src/shared/messages.ts.
 */
export const REPORT_UI = {
  /** The failure of `GET /api/reports/{type}` other than a 403 (the catalogue has no report message). */
  loadFailed: 'Unable to run the report',
  index: {
    intro:
      'Comparison reports over submitted records. Choose a report, set its parameters, then read the result as a table and a chart, download it for Excel, print it or share its address.',
    listLabel: 'Reports',
    open: (label: string) => `Set up the ${label} report`,
    openShort: 'Choose parameters',
  },
  /** One line on what each report answers. */
  answers: {
    region: 'Where students worked (B.C. regions, other provinces, abroad) and who was placed, by fiscal year.',
    employer: 'Work terms by employer sector, and how many employers took students (and how many were new), by fiscal year.',
    discipline: 'Students enrolled, seeking a work term and placed, and work terms, by discipline grouping.',
    term: 'The same participation figures for Summer, Fall and Spring terms across the chosen years.',
    fiscal: 'Totals for each fiscal year, with the change from the year before in numbers and in percent.',
    placement: 'Placement rate (students placed ÷ students seeking) by institution, discipline grouping and year.',
    institution: 'Every measure per institution, next to the province-wide total.',
    salary: 'Average hourly wage, weighted by students placed, by discipline grouping, credential and year.',
    tuition: 'Co-op fees per work term (domestic and international): lowest, median and highest, by institution and credential.',
    duration: 'Work terms of 4, 8 and 12 or more months, by discipline grouping.',
  } satisfies Record<ReportType, string>,
  params: {
    title: (reportTitle: string) => `${reportTitle}: parameters`,
    intro: (label: string) => `Choose what the ${label} report covers. Lists left empty include everything.`,
    formTitle: 'Parameters',
    reportLabel: 'Report',
    fiscalYearFrom: 'Fiscal year from',
    fiscalYearTo: 'Fiscal year to',
    fiscalYearHint: 'B.C. fiscal years run from April to March.',
    terms: 'Terms',
    termsHint: 'Summer (May–Aug), Fall (Sep–Dec) and Spring (Jan–Apr) of each fiscal year.',
    institutions: 'Institutions',
    institutionsHintAll: 'Leave empty for every institution.',
    institutionsHintSome: 'Only the institutions you may read are offered. Leave empty for all of them.',
    institutionsPlaceholder: 'All institutions',
    disciplines: 'Discipline groupings',
    disciplinesPlaceholder: 'All discipline groupings',
    wilTypes: 'WIL types',
    wilTypesPlaceholder: 'All WIL types',
    credentials: 'Credentials',
    credentialsPlaceholder: 'All credentials',
    listHint: 'Leave empty for all.',
    approvedOnly: 'Approved figures only',
    approvedOnlyHint:
      'Count only the records of returns an app admin has approved. In the province row, the figures of institutions you may not read are as last released, approved or not.',
    run: 'Run report',
    reset: 'Reset to defaults',
    institutionsLoadFailed: 'The list of institutions could not be loaded: the report will cover every institution you may read.',
    errors: {
      fiscalYearFrom: 'Choose the first fiscal year',
      fiscalYearTo: 'Choose the last fiscal year',
      order: (from: string, to: string) => `The last fiscal year (${to}) must not be before the first (${from})`,
      terms: 'Choose at least one term',
    },
  },
  result: {
    parametersTitle: 'Parameters used',
    changeParameters: 'Change parameters',
    fiscalYears: 'Fiscal years',
    allYears: 'All years',
    yearRange: (from: string | undefined, to: string | undefined) =>
      from && to ? (from === to ? from : `${from} to ${to}`) : from ? `${from} onwards` : to ? `Up to ${to}` : 'All years',
    terms: 'Terms',
    institutions: 'Institutions',
    disciplines: 'Discipline groupings',
    wilTypes: 'WIL types',
    credentials: 'Credentials',
    all: 'All',
    allReadable: 'All you may read',
    unknownInstitution: (id: number) => `Institution ${id}`,
    submittedOnly: 'Counts submitted records only; drafts are left out.',
    tableTitle: 'Table',
    tableCaption: (title: string) => `${title}: one row per grouping, then the total of the rows shown and the province.`,
    /** Added to the caption when the province row has hidden figures. */
    tableCaptionHidden: `${SUPPRESSED_MARK} marks a province figure hidden to protect other institutions; the notes under the table say why.`,
    chartTitle: 'Chart',
    chartLabel: (title: string, description: string) =>
      `Chart of the ${title.toLowerCase()}: ${description}. The table on this page gives every figure.`,
    chartNote: 'The table gives every figure shown in the chart.',
    /** The line under the chart's heading naming what it plots (issue 30: a chart that does not say so is a puzzle). */
    chartPlots: (description: string) => `Shows ${description}.`,
    /** The same labels as the downloaded files' summary rows. */
    totalRow: REPORT_TOTAL_LABEL,
    provinceRow: REPORT_PROVINCE_LABEL,
    noData: 'no data',
    /** The accessible names of the row marks (docs/product.md §11.3). */
    flagNames: { p: 'preliminary', r: 'revised' },
    approvedOnly:
      'Approved figures only: records of returns not yet approved are left out, except in the province row’s part from institutions you may not read, which is as released.',
    downloadCsv: 'Download CSV',
    downloadXlsx: 'Download Excel (XLSX)',
    downloadsLabel: 'Download and print',
    print: 'Print',
    emptyTitle: 'No submitted records match these parameters',
    emptyBody: 'Try a wider range of fiscal years, more terms, or fewer filters.',
    emptyOwnTitle: 'No submitted records of the institutions in this report match these parameters',
    emptyOwnBody: "The province's figures (all institutions) for the same parameters are in the table below.",
    emptyOwnHiddenBody:
      "The province's figures (all institutions) for the same parameters are hidden too: the notes under the table say why and what to ask instead.",
    badParamsTitle: 'The report could not run with these parameters',
    badParamsBody: 'Change the parameters and run it again.',
    loadFailedDetail: 'The report could not be loaded.',
    rows: (n: number) => `${n.toLocaleString('en-CA')} row${n === 1 ? '' : 's'}`,
    rowsOf: (shown: number, all: number) => `${shown.toLocaleString('en-CA')} of ${all.toLocaleString('en-CA')} rows`,
    /** The tools over a long report's rows (issue 30). */
    filterLabel: 'Filter rows',
    filterHint:
      'Words to find in the institution, discipline grouping, fiscal year or other text columns. The total and province rows stay those of the whole report.',
    filterNone: 'No rows match the filter.',
    groupByInstitution: 'Group by institution',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    groupRows: (n: number) => `${n.toLocaleString('en-CA')} row${n === 1 ? '' : 's'}`,
    noInstitution: '(no institution)',
    /** A report's secondary columns, left off the screen until asked for (issue 30; report-column-groups.ts). */
    showOptional: (labels: readonly string[], count: number) =>
      `Show ${labels.join(' and ').toLocaleLowerCase()} (${count} more column${count === 1 ? '' : 's'})`,
    showOptionalHint: 'Left out so that the table fits the screen; they are always printed and downloaded.',
    releaseCalendar: 'See the release calendar.',
  },
  /** Province figures hidden by disclosure control (docs/product.md §11.1); the footnote's own words are src/shared/disclosure.ts'. */
  suppression: {
    notesTitle: 'Hidden figures',
    /** A hidden cell's words for a screen reader (the eye sees the mark and follows it to the notes). */
    cell: (why: string) => `hidden: ${why} (see the notes under the table)`,
    short: {
      threshold: (rule: DisclosureRule) => `fewer than ${rule.minInstitutions} institutions you may not read contribute to it`,
      dominance: (rule: DisclosureRule) => `one institution you may not read is over ${rule.maxSharePercent}% of it`,
      linked: () => 'it would give away another hidden figure',
      partial: () => 'it is part of a group of programs released only as a whole',
      unreleased: () => 'the province figures of a period it covers are not released yet',
    } satisfies Record<SuppressionReason, (rule: DisclosureRule) => string>,
  },
  chart: {
    placementRate: 'Placement %',
    wage: 'Average hourly wage',
    medianDomestic: 'Domestic fee (median)',
    medianInternational: 'International fee (median)',
    province: (value: string) => `${REPORT_PROVINCE_LABEL}: ${value}`,
    provinceOf: (what: string, value: string) => `${REPORT_PROVINCE_LABEL}, ${what.toLowerCase()}: ${value}`,
    provinceHidden:
      "A province line is not shown: the province's figure is hidden to protect other institutions' figures (see the notes under the table).",
    axisFrom: (start: string) => `The value axis starts at ${start}, not at 0, so that close values can be told apart.`,
    /** What each chart leaves out or combines, said in its legend (the table has all of it). */
    leftOut: {
      region:
        'Every location has its own small chart, all on one scale so that sizes compare; each bar carries its number of work terms.',
      fiscal: 'Work terms are left out: on submitted records they equal students placed.',
      placement: 'Disciplines and fiscal years are combined: each dot is placed ÷ seeking over all of them.',
      salary: 'Credentials and fiscal years are combined, weighted by students placed with a wage.',
      tuition:
        "Each bar is the median of the institutions' medians; the lowest and highest fees and the number of programs are in the table.",
    },
    flags: 'Some figures are preliminary (p) or revised (r): the table marks which rows.',
    descriptions: {
      region: 'work terms by location, one small chart per location with the fiscal years, all on the same scale',
      employer: 'work terms by employer sector for each fiscal year, stacked',
      discipline: 'students enrolled, seeking a work term and placed, by discipline grouping',
      term: 'students placed in Summer, Fall and Spring, for each fiscal year',
      fiscal: 'students enrolled, seeking a work term and placed, as lines over the fiscal years',
      placement:
        'placement percentage of each institution over the chosen years, highest first, with the province as a reference line',
      institution: 'students seeking a work term and students placed, by institution',
      salary:
        'average hourly wage by discipline grouping, weighted by placements, highest first, with the province as a reference line',
      tuition:
        "median co-op fees per work term, domestic and international, by credential, with the province's medians as reference lines",
      duration: 'share of work terms of 4, 8 and 12 or more months in each discipline grouping, as 100% stacked bars',
    } satisfies Record<ReportType, string>,
    /** The term chart's description, naming the terms it draws (those the report has rows of). */
    termsDescription: (terms: readonly string[]) => `students placed in ${wordList(terms)}, for each fiscal year`,
    /** The placement chart's description when the province's rate is hidden and no reference line is drawn. */
    placementWithoutProvince: 'placement percentage of each institution over the chosen years, highest first',
    /** The chart's text summary for screen readers (the table stays the full alternative). */
    summary: {
      highestLowest: (what: string, high: string, low: string) => `${what}: highest ${high}; lowest ${low}.`,
      range: (what: string, from: string, to: string) => `${what}: ${from} to ${to}.`,
      share: (what: string, total: string, share: string) => `${what}: ${total} in all (${share}).`,
      shareOnly: (what: string, low: string, high: string) => `${what}: from ${low} to ${high} of each grouping.`,
      at: (category: string, value: string) => `${category} ${value}`,
      noValues: (what: string) => `${what}: no figures.`,
    },
  },
} as const;

/** The report types in menu order, for the index. */
export const REPORT_ORDER: readonly ReportType[] = REPORT_TYPES;
