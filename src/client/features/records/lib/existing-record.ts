import { TERMS, type Term } from '../../../../shared/constants.ts';
import type { RecordQuery } from '../../../../shared/find-criteria-url.ts';
import { fiscalYearError } from '../../../../shared/record-rules.ts';
import { DEFAULT_RECORD_SORT } from '../../../../shared/schemas/record-sort.ts';
import { type RecordPage } from '../../../../shared/schemas/record-list.ts';
import type { RecordFormValues } from './record-form-model.ts';

/**
 * The list query that finds the record a new one would collide with (one per program, fiscal year and term), once
 * all three are chosen; null before, so nothing is asked until the answer could matter.
 */
export function existingRecordQuery(values: Pick<RecordFormValues, 'program_id' | 'fiscal_year' | 'term'>): RecordQuery | null {
  const programId = Number(values.program_id);
  if (!values.program_id || !Number.isInteger(programId) || programId <= 0) return null;
  if (!values.fiscal_year || fiscalYearError(values.fiscal_year)) return null;
  if (!(TERMS as readonly string[]).includes(values.term)) return null;
  return {
    criteria: {
      programIds: [programId],
      fiscalYearFrom: values.fiscal_year,
      fiscalYearTo: values.fiscal_year,
      terms: [values.term as Term],
    },
    page: 1,
    pageSize: 1,
    sort: DEFAULT_RECORD_SORT,
  };
}

/** The id of the existing record in the list's answer, if the answer is about the same program, year and term. */
export function existingRecordId(page: RecordPage | undefined, query: RecordQuery | null): number | null {
  if (!page || !query) return null;
  const { programIds, fiscalYearFrom, terms } = query.criteria;
  const match = page.items.find(
    (item) => item.program_id === programIds?.[0] && item.fiscal_year === fiscalYearFrom && item.term === terms?.[0],
  );
  return match?.id ?? null;
}
