import type { ReportType } from '../../../shared/reports.ts';
import type { ReportFileFormat, ReportParams } from '../../../shared/schemas/report.ts';

/** The longest name before the extension: long enough for a year range and a few choices, short for any file system. */
export const REPORT_FILE_NAME_MAX = 100;

/** ASCII letters, digits and single dashes only: "Business & Management" → "business-management", "2021/22" → "2021-22". */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off their letters ("Métis" → "metis"), not dropped with them
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function yearsPart(from: string | undefined, to: string | undefined): string[] {
  if (from && to) return from === to ? [from] : [from, 'to', to];
  if (from) return ['from', from];
  if (to) return ['to', to];
  return [];
}

/** Cuts a name at its last dash within the limit, so no word or year is left half written. */
function bounded(stem: string, max: number): string {
  if (stem.length <= max) return stem;
  const cut = stem.slice(0, max + 1);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 0 ? cut.slice(0, lastDash) : stem.slice(0, max)).replace(/-+$/, '');
}

/**
 * The name a report's download is saved under: the report and the parameters it was run with, so two downloads of
 * the same report do not overwrite each other or need renaming (issue 30): `placement-2021-22-to-2025-26-fall.csv`.
 * Only ASCII letters, digits and dashes, at most REPORT_FILE_NAME_MAX characters before the extension, so the name
 * goes into `Content-Disposition` as it is and is valid on every system.
 */
export function reportFileName(type: ReportType, params: ReportParams, format: ReportFileFormat): string {
  const ids = params.institutionIds ?? [];
  const parts = [
    type,
    ...yearsPart(params.fiscalYearFrom, params.fiscalYearTo),
    ...(params.terms ?? []),
    ...(ids.length > 0 ? [ids.length === 1 ? 'institution' : 'institutions', ...ids.map(String)] : []),
    ...(params.disciplines ?? []),
    ...(params.wilTypes ?? []),
    ...(params.credentials ?? []),
    ...(params.approvedOnly ? ['approved-only'] : []),
  ];
  const stem = parts
    .map(fileNamePart)
    .filter((part) => part !== '')
    .join('-');
  return `${bounded(stem, REPORT_FILE_NAME_MAX) || 'report'}.${format}`;
}
