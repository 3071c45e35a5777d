import { COUNT_FIELDS, type CountField } from '../src/shared/record-rules.ts';
import { VALID_RECORD_COUNTS } from '../src/shared/record-fixtures.ts';

/**
 * The counts of a complete, consistent record (42 placed) as a person types them, in the form's order, which is
 * record-rules.ts's: a count added there is filled in here too.
 */
export const VALID_COUNT_INPUTS: readonly [CountField, string][] = COUNT_FIELDS.map((field) => [
  field,
  String(VALID_RECORD_COUNTS[field]),
]);
