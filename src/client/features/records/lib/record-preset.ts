import { TERMS } from '../../../../shared/constants.ts';
import { fiscalYearError } from '../../../../shared/record-rules.ts';
import type { RecordFormValues } from './record-form-model.ts';

type PresetKeys = Partial<Pick<RecordFormValues, 'institution_id' | 'program_id' | 'fiscal_year' | 'term'>>;

/**
 * The record keys a link chose for a new record (the term return's "Add a record":
 * `?programId=&fiscalYear=&term=`). Each is kept only when it is one the form offers: a program the user may add
 * records to (which also chooses its institution), a well-written fiscal year, a term; anything else is left empty.
 */
export function presetRecordKeys(
  params: URLSearchParams,
  programs: readonly { id: number; institution_id: number }[],
): PresetKeys {
  const preset: PresetKeys = {};
  const program = programs.find((p) => String(p.id) === params.get('programId'));
  if (program) {
    preset.institution_id = String(program.institution_id);
    preset.program_id = String(program.id);
  }
  const fiscalYear = params.get('fiscalYear');
  if (fiscalYear && !fiscalYearError(fiscalYear)) preset.fiscal_year = fiscalYear;
  const term = params.get('term');
  if (term && (TERMS as readonly string[]).includes(term)) preset.term = term;
  return preset;
}
