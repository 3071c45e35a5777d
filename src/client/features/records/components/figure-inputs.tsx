import { Group, NumberInput, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RECORD_FIELD_LABELS, type CountField, type MoneyField } from '../../../../shared/record-rules.ts';
import { FIELD_ORDER } from '../../../ui/field-label.tsx';
import { WARNING_TEXT } from '../../../ui/warning-text.ts';
import { fieldId } from '../lib/record-form-model.ts';

const RIGHT = { input: { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' } };

/**
 * A field of a locked record: `readOnly`, not `disabled`, so it can still be focused, read aloud, selected and copied
 * (a disabled field leaves the tab order and reads as dimmed), and filled grey so it does not look open for typing.
 */
export const readOnlyField = (readOnly: boolean | undefined) =>
  readOnly ? ({ readOnly: true, variant: 'filled' } as const) : ({} as const);

/** An outlier warning above a field's box, where errors go too: a caution, not an error, so amber and worded as a request to check. */
export function FieldWarning({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" mb={6} id={id} data-testid="outlier-warning">
      <IconAlertTriangle size={16} aria-hidden="true" color={WARNING_TEXT} style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" c={WARNING_TEXT}>
        {children}
      </Text>
    </Group>
  );
}

/** Mantine's own error and hint ids, plus the warning's: passing aria-describedby replaces Mantine's list, so it is rebuilt whole. */
function describedBy(id: string, error: string | undefined, description: string | undefined, warning: string | undefined) {
  if (!warning) return undefined;
  return [error ? `${id}-error` : '', description ? `${id}-description` : '', `${id}-warning`].filter(Boolean).join(' ');
}

interface FigureInputProps<F> {
  field: F;
  error: string | undefined;
  warning: string | undefined;
  description?: string;
  /** The record's return is locked: shown, not typed in. */
  readOnly?: boolean;
}

/** A count: whole numbers only, right-aligned, empty meaning "not entered yet". */
export function CountInput({
  field,
  value,
  onChange,
  error,
  warning,
  description,
  readOnly,
}: FigureInputProps<CountField> & { value: number | ''; onChange: (value: number | '') => void }) {
  const id = fieldId(field);
  return (
    <NumberInput
      id={id}
      label={RECORD_FIELD_LABELS[field]}
      description={description}
      inputWrapperOrder={FIELD_ORDER}
      value={value}
      onChange={(next) => onChange(typeof next === 'number' ? next : '')}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      inputMode="numeric"
      autoComplete="off"
      {...readOnlyField(readOnly)}
      error={error}
      styles={RIGHT}
      aria-describedby={describedBy(id, error, description, warning)}
      inputContainer={(children) => (
        <>
          {warning ? <FieldWarning id={`${id}-warning`}>{warning}</FieldWarning> : null}
          {children}
        </>
      )}
    />
  );
}

/** An amount in CAD, kept as the text typed (never a float); tidied to two decimals when the field is left. */
export function MoneyInput({
  field,
  value,
  onChange,
  onBlur,
  error,
  warning,
  description,
  readOnly,
}: FigureInputProps<MoneyField> & { value: string; onChange: (value: string) => void; onBlur: () => void }) {
  const id = fieldId(field);
  return (
    <TextInput
      id={id}
      label={RECORD_FIELD_LABELS[field]}
      description={description}
      inputWrapperOrder={FIELD_ORDER}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      // Tidying on leaving would change a read-only value (750 → 750.00) and so "unsaved changes".
      onBlur={readOnly ? undefined : onBlur}
      inputMode="decimal"
      autoComplete="off"
      {...readOnlyField(readOnly)}
      leftSection={
        <Text size="sm" aria-hidden="true">
          $
        </Text>
      }
      error={error}
      styles={RIGHT}
      aria-describedby={describedBy(id, error, description, warning)}
      inputContainer={(children) => (
        <>
          {warning ? <FieldWarning id={`${id}-warning`}>{warning}</FieldWarning> : null}
          {children}
        </>
      )}
    />
  );
}
