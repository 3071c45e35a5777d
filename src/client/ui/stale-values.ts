import { UI_PIECES } from './messages.ts';

const S = UI_PIECES.staleEdit;

/** A form value as the notice shows it. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return S.empty;
  if (typeof value === 'boolean') return value ? S.yes : S.no;
  return String(value);
}

const same = (a: unknown, b: unknown) => shownValue(a) === shownValue(b);
const valueOf = <V extends object>(values: V, name: string) => (values as Record<string, unknown>)[name];

/** The fields whose saved value differs from the person's, in the form's order. */
export function differingFields<V extends object>(yours: V, theirs: V, names: readonly string[]): string[] {
  return names.filter((name) => !same(valueOf(yours, name), valueOf(theirs, name)));
}

/**
 * The form after a stale save: theirs wherever the person had not changed the value they loaded, theirs too where
 * both made the same change, the person's own value wherever they changed it. Saving this writes only the person's
 * changes over theirs, never back a value of the version they loaded.
 */
export function mergeStale<V extends object>(yours: V, loaded: V, theirs: V): V {
  const merged: Record<string, unknown> = { ...(theirs as Record<string, unknown>) };
  for (const name of Object.keys(yours)) {
    if (!same(valueOf(yours, name), valueOf(loaded, name))) merged[name] = valueOf(yours, name);
  }
  return merged as V;
}

/** One value where theirs differs from the person's, as the notice shows it. */
export interface StaleRow {
  /** For its test id: `stale-{key}`. */
  key: string;
  label: string;
  theirs: string;
  yours: string;
}

/** The rows of a form whose values are plain: each field whose saved value differs from the person's, in order. */
export function staleRows<V extends object>(yours: V, theirs: V, fields: readonly { name: string; label: string }[]): StaleRow[] {
  const differ = new Set(
    differingFields(
      yours,
      theirs,
      fields.map((f) => f.name),
    ),
  );
  return fields
    .filter((f) => differ.has(f.name))
    .map((f) => ({
      key: f.name,
      label: f.label,
      theirs: shownValue(valueOf(theirs, f.name)),
      yours: shownValue(valueOf(yours, f.name)),
    }));
}
