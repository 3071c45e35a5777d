import type { RecordCriteria } from '../../../../shared/find-criteria-url.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import { formatCount } from './record-format.ts';

const S = RECORD_BROWSE_UI.summary;

export interface SummaryLine {
  label: string;
  value: string;
}

/** How the summary names institutions and programs (their lists may still be loading). */
export interface CriteriaNames {
  institution: (id: number) => string | undefined;
  program: (id: number) => string | undefined;
}

const list = (values: readonly string[]) => values.join(', ');

/** A search's criteria in words, one line per criterion, in the form's order: "Terms: Fall, Spring". */
export function summarizeCriteria(criteria: RecordCriteria, names: CriteriaNames): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const add = (label: string, value: string) => lines.push({ label, value });

  if (criteria.institutionIds?.length) {
    add(
      S.institutionIds,
      list(criteria.institutionIds.map((id) => names.institution(id) ?? RECORD_BROWSE_UI.unknownInstitution(id))),
    );
  }
  if (criteria.programIds?.length) {
    add(S.programIds, list(criteria.programIds.map((id) => names.program(id) ?? S.unknownProgram(id))));
  }
  const { fiscalYearFrom: from, fiscalYearTo: to } = criteria;
  if (from && to) add(S.fiscalYears, S.yearsBetween(from, to));
  else if (from) add(S.fiscalYears, S.yearsFrom(from));
  else if (to) add(S.fiscalYears, S.yearsTo(to));
  if (criteria.terms?.length) add(S.terms, list(criteria.terms));
  if (criteria.disciplines?.length) add(S.disciplines, list(criteria.disciplines));
  if (criteria.wilTypes?.length) add(S.wilTypes, list(criteria.wilTypes));
  if (criteria.credentials?.length) add(S.credentials, list(criteria.credentials));
  if (criteria.status) add(S.status, RECORD_BROWSE_UI.status[criteria.status] ?? criteria.status);
  if (criteria.programName) add(S.programName, S.quoted(criteria.programName));
  const min = formatCount(criteria.placedMin);
  const max = formatCount(criteria.placedMax);
  if (min !== null && max !== null) add(S.placed, S.placedBetween(min, max));
  else if (min !== null) add(S.placed, S.placedAtLeast(min));
  else if (max !== null) add(S.placed, S.placedAtMost(max));
  return lines;
}
