import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { COMMON_WORDS } from './common-words.ts';

/** A field's label with "(required)" in words after it, never a bare asterisk (docs/product.md §1). */
export function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}{' '}
      <Text span size="sm" fw={400}>
        {COMMON_WORDS.required}
      </Text>
    </>
  );
}

/** A field's label with its "(optional)" after it, in the screen's own words. */
export function OptionalLabel({ children, word }: { children: string; word: string }) {
  return (
    <>
      {children}{' '}
      <Text span size="sm" fw={400}>
        {word}
      </Text>
    </>
  );
}

/** Labels above, hint under the label, then the error, then the input (the GOV.UK order). */
export const FIELD_ORDER = ['label', 'description', 'error', 'input'] as ('label' | 'description' | 'error' | 'input')[];

/** Narrows a field's input (a code, a short choice) while its label, hint and error keep the form's full width. */
export function inputWidth(maxWidth: string) {
  return { wrapper: { maxWidth } };
}

/** A form's words for its fields, by name: the inputs' ids, the labels and the hints. */
export interface FieldWords<K extends string> {
  ids: Record<K, string>;
  labels: Record<NoInfer<K>, string>;
  hints: Record<NoInfer<K>, string>;
}

/**
 * What a form shows around a field's input: its id, its label (or `label`, the plain one dressed "(required)" or
 * "(optional)") and its hint, in the house order.
 */
export function fieldFrames<K extends string>(words: FieldWords<K>) {
  return (field: K, label: ReactNode = words.labels[field]) => ({
    id: words.ids[field],
    label,
    description: words.hints[field],
    inputWrapperOrder: FIELD_ORDER,
  });
}
