import { NativeSelect, TextInput } from '@mantine/core';
import { INSTITUTION_TYPES, REGIONS } from '../../../../shared/constants.ts';
import type { InstitutionCreate } from '../../../../shared/schemas/institution.ts';
import { DetailFormFrame, fieldIds, requiredSelects, useDetailForm, type DetailFormProps } from '../../../ui/detail-form.tsx';
import { RequiredLabel, fieldFrames, inputWidth } from '../../../ui/field-label.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutionTypes } from '../api/get-institution-types.ts';
import { INSTITUTION_FORM, type InstitutionFormValues } from '../lib/institution-form-model.ts';
import { INSTITUTION_UI } from '../messages.ts';

const F = INSTITUTION_UI.fields;
const H = INSTITUTION_UI.hints;
const ID = fieldIds(INSTITUTION_FORM.fields);
const frame = fieldFrames({ ids: ID, labels: F, hints: H });

export type InstitutionFormProps = DetailFormProps<InstitutionFormValues, InstitutionCreate>;

/**
 * The institution form for adding and editing: checked with the shared schema before sending; on failure the summary
 * at the top links to each field, the server's field errors sit beside their fields, and what was typed stays.
 */
export function InstitutionForm(props: InstitutionFormProps) {
  const types = useInstitutionTypes();
  useErrorToast(types.error);
  const typeOptions = types.data && types.data.length > 0 ? types.data : [...INSTITUTION_TYPES];
  const detailForm = useDetailForm(props, { ...INSTITUTION_FORM, labels: F, words: INSTITUTION_UI.form });
  const { form } = detailForm;

  const select = requiredSelects(form, { ids: ID, labels: F, hints: H, prompts: INSTITUTION_UI.choose });

  const text = (field: 'name' | 'short_name' | 'name_code') => ({
    ...frame(field, <RequiredLabel>{F[field]}</RequiredLabel>),
    size: 'md',
    required: true,
    withAsterisk: false,
    autoComplete: 'off',
    ...form.getInputProps(field),
  });

  return (
    <DetailFormFrame detailForm={detailForm} props={props} words={INSTITUTION_UI.form} name="institution">
      <TextInput {...text('name')} />
      <TextInput {...text('short_name')} styles={inputWidth('16rem')} />
      <TextInput {...text('name_code')} styles={inputWidth('12rem')} />
      <NativeSelect {...select('institution_type', typeOptions)} styles={inputWidth('24rem')} />
      <NativeSelect {...select('region', REGIONS)} styles={inputWidth('24rem')} />
    </DetailFormFrame>
  );
}
