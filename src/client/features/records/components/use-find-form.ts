import { useForm } from '@mantine/form';
import type { MultiSelectProps } from '@mantine/core';
import { useState } from 'react';
import type { RecordCriteria } from '../../../../shared/find-criteria-url.ts';
import type { SummaryItem } from '../../../ui/error-summary.tsx';
import { FIELD_ORDER } from '../../../ui/field-label.tsx';
import { summaryItems } from '../../../ui/form-errors.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import {
  FIND_FORM_FIELDS,
  checkFindForm,
  emptyFindForm,
  validateFindForm,
  type FindFormField,
  type FindFormValues,
} from '../lib/find-form.ts';
import { keepProgramsOf, type ProgramLike } from '../lib/record-choices.ts';

const T = RECORD_BROWSE_UI.find;
export const FIND_IDS = Object.fromEntries(FIND_FORM_FIELDS.map((f) => [f.name, f.id])) as Record<FindFormField, string>;

export type MultiField = 'institutionIds' | 'programIds' | 'disciplines' | 'wilTypes' | 'credentials';

/**
 * The find form's state: checked with the API's find rules on search (the summary links to each field that fails),
 * a change clears that field's error, programs follow the chosen institutions, and Clear starts from nothing.
 */
export function useFindForm({
  initialValues,
  programs,
  onSearch,
}: {
  initialValues: FindFormValues;
  programs: readonly ProgramLike[];
  onSearch: (criteria: RecordCriteria) => void;
}) {
  const form = useForm<FindFormValues>({ mode: 'controlled', initialValues, validate: validateFindForm });
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const values = form.values;

  const submit = form.onSubmit(
    (checked) => {
      const check = checkFindForm(checked);
      if (!check.ok) return;
      setSummary([]);
      onSearch(check.criteria);
    },
    (errors) => setSummary(summaryItems(errors, FIND_FORM_FIELDS)),
  );

  const setField = <K extends FindFormField>(field: K, value: FindFormValues[K]) => {
    form.setValues({ [field]: value } as Partial<FindFormValues>);
    form.clearFieldError(field);
  };

  /** Institutions chosen: programs of institutions no longer chosen are dropped. */
  const chooseInstitutions = (value: string[]) => {
    setField('institutionIds', value);
    const ids = value.map(Number);
    form.setFieldValue('programIds', keepProgramsOf(values.programIds.map(Number), programs, ids).map(String));
  };

  const clear = () => {
    form.setValues(emptyFindForm());
    form.clearErrors();
    setSummary([]);
  };

  /** The props every multiple choice shares: searchable, clearable, "Any" while empty. */
  const multi = (field: MultiField): MultiSelectProps => ({
    id: FIND_IDS[field],
    value: values[field],
    onChange: (value) => setField(field, value),
    error: form.errors[field],
    inputWrapperOrder: FIELD_ORDER,
    searchable: true,
    clearable: true,
    hidePickedOptions: true,
    placeholder: values[field].length === 0 ? T.anyPlaceholder : undefined,
    comboboxProps: { withinPortal: true },
    maxDropdownHeight: 280,
  });

  return { values, errors: form.errors, summary, submit, setField, chooseInstitutions, clear, multi };
}

export type FindForm = ReturnType<typeof useFindForm>;
