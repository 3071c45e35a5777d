import { Text } from '@mantine/core';
import { COMMON_WORDS } from './common-words.ts';

/** A field's label with "(required)" in words after it, never a bare asterisk (ARCHITECTURE.md). */
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
