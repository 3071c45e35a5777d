import { describe, expect, it } from 'vitest';
import { NO_PRIVILEGES } from '../../../../shared/schemas/profile.ts';
import {
  currentFiscalYearStart,
  defaultReportValues,
  fiscalYearChoices,
  reportApiSearch,
  reportDownloadHref,
  reportParamsHref,
  reportResultHref,
  reportTypeFromPath,
  reportValuesFromSearch,
  reportValuesToSearch,
  validateReportValues,
  type ReportParamValues,
} from './report-params.ts';

const MESSAGES = {
  fiscalYearFrom: 'from missing',
  fiscalYearTo: 'to missing',
  order: (from: string, to: string) => `${to} before ${from}`,
  terms: 'no terms',
};

const reader = { ...NO_PRIVILEGES, read: [7, 3], write: [3] };
const globalReader = { ...NO_PRIVILEGES, glblRead: true };

const values = (over: Partial<ReportParamValues> = {}): ReportParamValues => ({
  fiscalYearFrom: '2021/22',
  fiscalYearTo: '2025/26',
  terms: ['Summer', 'Fall', 'Spring'],
  institutionIds: [],
  disciplines: [],
  wilTypes: [],
  credentials: [],
  approvedOnly: false,
  ...over,
});

describe('currentFiscalYearStart', () => {
  it('starts the fiscal year in April', () => {
    expect(currentFiscalYearStart(new Date('2026-03-31T12:00:00-07:00'))).toBe(2025); // still 2025/26
    expect(currentFiscalYearStart(new Date('2026-04-01T00:30:00-07:00'))).toBe(2026); // 1 April 2026: 2026/27
    expect(currentFiscalYearStart(new Date('2026-04-01T05:00:00Z'))).toBe(2025); // still 31 March in B.C.
    expect(currentFiscalYearStart(new Date('2026-11-22T12:00:00-08:00'))).toBe(2026);
    expect(currentFiscalYearStart(new Date('2027-01-05T12:00:00-08:00'))).toBe(2026);
  });
});

describe('defaultReportValues', () => {
  it('covers the last five complete fiscal years, not the one still being reported, and every term', () => {
    const v = defaultReportValues(globalReader, new Date('2026-11-22T12:00:00-08:00'));
    expect(v.fiscalYearFrom).toBe('2021/22');
    expect(v.fiscalYearTo).toBe('2025/26');
    expect(v.terms).toEqual(['Summer', 'Fall', 'Spring']);
  });

  it("picks the user's own institutions, or none (all) for those who read everything", () => {
    expect(defaultReportValues(reader, new Date(2026, 1, 1)).institutionIds).toEqual([3, 7]);
    expect(defaultReportValues(globalReader, new Date(2026, 1, 1)).institutionIds).toEqual([]);
    expect(defaultReportValues({ ...NO_PRIVILEGES, glblAdmin: true }, new Date(2026, 1, 1)).institutionIds).toEqual([]);
  });
});

describe('fiscalYearChoices', () => {
  it('offers twenty years, newest first, and keeps an older year already chosen', () => {
    const choices = fiscalYearChoices(new Date(2026, 10, 22));
    expect(choices).toHaveLength(20);
    expect(choices[0]).toBe('2026/27');
    expect(choices.at(-1)).toBe('2007/08');
    expect(fiscalYearChoices(new Date(2026, 10, 22), ['1999/00', 'junk'])).toContain('1999/00');
    expect(fiscalYearChoices(new Date(2026, 10, 22), ['junk'])).toHaveLength(20);
  });
});

describe('validateReportValues', () => {
  it('accepts the defaults', () => {
    expect(validateReportValues(values(), MESSAGES)).toEqual({});
  });

  it('refuses a last year before the first, as the API does', () => {
    expect(validateReportValues(values({ fiscalYearFrom: '2025/26', fiscalYearTo: '2021/22' }), MESSAGES)).toEqual({
      fiscalYearTo: '2021/22 before 2025/26',
    });
    expect(validateReportValues(values({ fiscalYearFrom: '2024/25', fiscalYearTo: '2024/25' }), MESSAGES)).toEqual({});
  });

  it('asks for both years and at least one term', () => {
    expect(validateReportValues(values({ fiscalYearFrom: '', fiscalYearTo: '2024/26', terms: [] }), MESSAGES)).toEqual({
      fiscalYearFrom: 'from missing',
      fiscalYearTo: 'to missing',
      terms: 'no terms',
    });
  });
});

describe('query string', () => {
  it('writes the names of REPORT_PARAM_NAMES, lists comma-separated, "all" left out', () => {
    expect(reportValuesToSearch(values()).toString()).toBe('fiscalYearFrom=2021%2F22&fiscalYearTo=2025%2F26');
    const search = reportValuesToSearch(
      values({
        terms: ['Spring', 'Summer'],
        institutionIds: [12, 3],
        disciplines: ['Health', 'Business & Management'],
        wilTypes: ['Internship'],
        credentials: ["Bachelor's Degree"],
      }),
    );
    expect([...search.keys()]).toEqual([
      'fiscalYearFrom',
      'fiscalYearTo',
      'terms',
      'institutionIds',
      'disciplines',
      'wilTypes',
      'credentials',
    ]);
    expect(search.get('terms')).toBe('Summer,Spring');
    expect(search.get('institutionIds')).toBe('3,12');
    expect(search.get('disciplines')).toBe('Business & Management,Health');
    expect(search.get('credentials')).toBe("Bachelor's Degree");
  });

  it('reads back what it wrote (the "Change parameters" round trip)', () => {
    const original = values({ terms: ['Fall'], institutionIds: [3, 12], disciplines: ['Health'], wilTypes: ['Internship'] });
    expect(reportValuesFromSearch(reportValuesToSearch(original), values({ fiscalYearFrom: 'x' }))).toEqual(original);
  });

  it('reads repeated lists too, and drops what the form cannot offer', () => {
    const search = new URLSearchParams(
      'fiscalYearFrom=2020/21&fiscalYearTo=bad&terms=Fall&terms=Winter&institutionIds=3,abc,0,5&disciplines=Nope',
    );
    expect(reportValuesFromSearch(search, values())).toEqual({
      fiscalYearFrom: '2020/21',
      fiscalYearTo: '',
      terms: ['Fall'],
      institutionIds: [3, 5],
      disciplines: [],
      wilTypes: [],
      credentials: [],
      approvedOnly: false,
    });
  });

  it('carries "Approved figures only" in the URL as approvedOnly=true, to the API and back to the form', () => {
    const search = reportValuesToSearch(values({ approvedOnly: true }));
    expect(search.get('approvedOnly')).toBe('true');
    expect(reportValuesToSearch(values()).has('approvedOnly')).toBe(false);
    expect(reportValuesFromSearch(search, values()).approvedOnly).toBe(true);
    // Alone, it is still a report parameter: the form does not fall back to its defaults.
    expect(reportValuesFromSearch(new URLSearchParams('approvedOnly=true'), values()).approvedOnly).toBe(true);
    expect(reportValuesFromSearch(new URLSearchParams('approvedOnly=yes&terms=Fall'), values()).approvedOnly).toBe(false);
    expect(reportApiSearch(new URLSearchParams('approvedOnly=true&sort=x')).toString()).toBe('approvedOnly=true');
  });

  it('starts from the defaults when no report parameter is given', () => {
    const defaults = values({ institutionIds: [3] });
    expect(reportValuesFromSearch(new URLSearchParams('type=region'), defaults)).toBe(defaults);
  });

  it('sends the API the report parameters only', () => {
    const page = new URLSearchParams('fiscalYearFrom=2020/21&sort=-fiscal_year&terms=Fall&terms=Spring&type=region');
    expect(reportApiSearch(page).toString()).toBe('fiscalYearFrom=2020%2F21&terms=Fall%2CSpring');
  });
});

describe('links', () => {
  const page = new URLSearchParams('fiscalYearFrom=2020/21&fiscalYearTo=2024/25&institutionIds=3,5&sort=term');

  it('opens the result page of the type with the parameters', () => {
    expect(reportResultHref('fiscal', values())).toBe('/reports/yearCompare?fiscalYearFrom=2021%2F22&fiscalYearTo=2025%2F26');
    expect(reportResultHref('institution', values({ fiscalYearFrom: '', fiscalYearTo: '' }))).toBe(
      '/reports/institutionalBreakdown',
    );
  });

  it('goes back to the parameters with the type and the same parameters', () => {
    expect(reportParamsHref('region', page)).toBe(
      '/reports/params?type=region&fiscalYearFrom=2020%2F21&fiscalYearTo=2024%2F25&institutionIds=3%2C5',
    );
    expect(reportParamsHref('duration')).toBe('/reports/params?type=duration');
  });

  it('downloads the same report in the chosen format', () => {
    expect(reportDownloadHref('region', 'csv', page)).toBe(
      '/api/reports/region/download?format=csv&fiscalYearFrom=2020%2F21&fiscalYearTo=2024%2F25&institutionIds=3%2C5',
    );
    expect(reportDownloadHref('salary', 'xlsx', new URLSearchParams())).toBe('/api/reports/salary/download?format=xlsx');
  });
});

describe('reportTypeFromPath', () => {
  it('finds the report of a result page, whatever the letter case', () => {
    expect(reportTypeFromPath('/reports/yearCompare')).toBe('fiscal');
    expect(reportTypeFromPath('/REPORTS/REGIONS/')).toBe('region');
    expect(reportTypeFromPath('/reports/institutionalBreakdown')).toBe('institution');
    expect(reportTypeFromPath('/reports/params')).toBeNull();
  });
});
