import { Anchor, Checkbox, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COOP_MODELS, CREDENTIALS, DISCIPLINES, PARTICIPATION, WIL_TYPES } from '../../../../shared/constants.ts';
import type { ProgramCreate } from '../../../../shared/schemas/program.ts';
import { DetailFormFrame, fieldIds, requiredSelects, useDetailForm, type DetailFormProps } from '../../../ui/detail-form.tsx';
import { FIELD_ORDER, OptionalLabel, RequiredLabel, fieldFrames, inputWidth } from '../../../ui/field-label.tsx';
import { COOP, PROGRAM_FORM, withWilType, type ProgramFormValues } from '../lib/program-form-model.ts';
import { PROGRAM_UI } from '../messages.ts';

const F = PROGRAM_UI.fields;
const H = PROGRAM_UI.hints;
const ID = fieldIds(PROGRAM_FORM.fields);
const frame = fieldFrames({ ids: ID, labels: F, hints: H });

export interface InstitutionChoice {
  id: number;
  label: string;
}

export type InstitutionField =
  { kind: 'choose'; options: readonly InstitutionChoice[] } | { kind: 'fixed'; label: string; href: string };

export interface ProgramFormProps extends DetailFormProps<ProgramFormValues, ProgramCreate> {
  /** On create, a choice among active institutions; on edit, the institution shown and not changeable. */
  institution: InstitutionField;
}

const Optional = ({ children }: { children: string }) => <OptionalLabel word={PROGRAM_UI.optional}>{children}</OptionalLabel>;

/** Editing: the institution shown, not changeable (the server refuses moves), with a link to it. */
function FixedInstitution({ label, href, error }: { label: string; href: string; error: ReactNode }) {
  return (
    <Stack gap={4}>
      <TextInput
        {...frame('institution_id')}
        description={H.institutionReadOnly}
        size="md"
        value={label}
        readOnly
        variant="filled"
        error={error}
      />
      <Anchor component={Link} to={href} size="sm">
        {PROGRAM_UI.form.institutionLink}
      </Anchor>
    </Stack>
  );
}

function ParticipationField({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error: ReactNode;
  onChange: (value: string) => void;
}) {
  return (
    <Radio.Group
      label={<RequiredLabel>{F.participation}</RequiredLabel>}
      description={H.participation}
      inputWrapperOrder={FIELD_ORDER}
      size="md"
      value={value ?? ''}
      onChange={onChange}
      error={error}
      name="participation"
    >
      <Group gap="lg" mt="xs">
        {PARTICIPATION.map((option, index) => (
          <Radio
            key={option}
            value={option}
            label={option}
            id={index === 0 ? ID.participation : `${ID.participation}-${index}`}
            size="md"
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * The valid-program form for adding and editing: checked with the shared schema before sending; the co-op model is
 * offered only for co-operative education (and cleared otherwise); on failure the summary at the top links to each
 * field, the server's field errors sit beside their fields, and what was typed stays.
 */
export function ProgramForm(props: ProgramFormProps) {
  const { institution } = props;
  const detailForm = useDetailForm(props, { ...PROGRAM_FORM, labels: F, words: PROGRAM_UI.form });
  const { form } = detailForm;

  const choose = requiredSelects(form, { ids: ID, labels: F, hints: H, prompts: PROGRAM_UI.choose });

  const isCoop = form.values.wil_type === COOP;

  return (
    <DetailFormFrame detailForm={detailForm} props={props} words={PROGRAM_UI.form} name="program">
      {institution.kind === 'choose' ? (
        <NativeSelect
          {...choose(
            'institution_id',
            institution.options.map((o) => ({ value: String(o.id), label: o.label })),
          )}
        />
      ) : (
        <FixedInstitution label={institution.label} href={institution.href} error={form.errors.institution_id} />
      )}

      <TextInput
        {...frame('name', <RequiredLabel>{F.name}</RequiredLabel>)}
        size="md"
        required
        withAsterisk={false}
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      <NativeSelect {...choose('discipline', DISCIPLINES)} styles={inputWidth('26rem')} />
      <NativeSelect {...choose('credential', CREDENTIALS)} styles={inputWidth('26rem')} />
      <NativeSelect
        {...choose('wil_type', WIL_TYPES, (value) => {
          form.setValues(withWilType(form.getValues(), value));
          form.clearFieldError('coop_model');
        })}
        styles={inputWidth('26rem')}
      />
      {isCoop ? (
        <NativeSelect
          {...frame('coop_model', <Optional>{F.coop_model}</Optional>)}
          size="md"
          value={form.values.coop_model ?? ''}
          data={[{ value: '', label: PROGRAM_UI.choose.coop_model }, ...COOP_MODELS]}
          error={form.errors.coop_model}
          onChange={(event) => {
            form.setFieldValue('coop_model', event.currentTarget.value || null);
            form.clearFieldError('coop_model');
          }}
          styles={inputWidth('26rem')}
          data-testid="coop-model"
        />
      ) : null}

      <ParticipationField
        value={form.values.participation}
        error={form.errors.participation}
        onChange={(value) => {
          form.setFieldValue('participation', value || null);
          form.clearFieldError('participation');
        }}
      />

      <Checkbox
        id={ID.accredited}
        label={F.accredited}
        description={H.accredited}
        size="md"
        {...form.getInputProps('accredited', { type: 'checkbox' })}
      />

      <TextInput
        {...frame('cip_code', <Optional>{F.cip_code}</Optional>)}
        size="md"
        autoComplete="off"
        inputMode="decimal"
        styles={inputWidth('10rem')}
        {...form.getInputProps('cip_code')}
      />
    </DetailFormFrame>
  );
}
