import { COUNT_FIELDS, RECORD_FIELD_LABELS, requiredToSubmitMessage, type CountField } from '../../../../shared/record-rules.ts';
import type { SummaryItem } from '../../../ui/error-summary.tsx';
import { summaryItems } from '../../../ui/form-errors.ts';
import { RECORD_UI } from '../messages.ts';
import { RECORD_FORM_FIELDS } from './record-form-model.ts';

const isCountField = (field: string): field is CountField => (COUNT_FIELDS as readonly string[]).includes(field);

/**
 * The record form's error summary. Figures left empty on submit are said once, with a link to each ("19 figures are
 * empty: …"), where the shared rules give each its own near-identical sentence; every other error keeps its own line,
 * in form order, and the group stands where its first figure would have.
 */
export function recordSummaryItems(errors: Record<string, string>, other: readonly string[] = []): SummaryItem[] {
  const empty = RECORD_FORM_FIELDS.filter(
    (field) => isCountField(field.name) && errors[field.name] === requiredToSubmitMessage(field.name),
  );
  if (empty.length < 2) return summaryItems(errors, RECORD_FORM_FIELDS, other);
  const emptyNames = new Set(empty.map((field) => field.name));
  const rest = Object.fromEntries(Object.entries(errors).filter(([name]) => !emptyNames.has(name as CountField)));
  const items = summaryItems(rest, RECORD_FORM_FIELDS, other);
  const group: SummaryItem = {
    message: RECORD_UI.emptyFigures(empty.length),
    links: empty.map((field) => ({ label: RECORD_FIELD_LABELS[field.name as CountField], fieldId: field.id })),
  };
  // Before the first field error that comes after the first empty figure in the form, so the order follows the form.
  const firstEmpty = RECORD_FORM_FIELDS.indexOf(empty[0]!);
  const fieldIds = RECORD_FORM_FIELDS.map((field) => field.id);
  const at = items.findIndex((item) => item.fieldId === undefined || fieldIds.indexOf(item.fieldId) > firstEmpty);
  items.splice(at === -1 ? items.length : at, 0, group);
  return items;
}
