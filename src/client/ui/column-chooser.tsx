import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useCallback, useId, useState } from 'react';
import { UI_PIECES } from './messages.ts';

const T = UI_PIECES.table;

/** Where a table's hidden columns are kept in this browser. */
export const columnsStorageKey = (name: string) => `table-columns:${name}`;

/**
 * The hidden columns saved under a name: only keys the table has, never its first column; nothing for anything
 * unreadable (storage off, a hand-edited value).
 */
export function readHiddenColumns(
  name: string,
  keys: readonly string[],
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(columnsStorageKey(name)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return keys.slice(1).filter((key) => parsed.includes(key));
  } catch {
    return [];
  }
}

function writeHiddenColumns(name: string, hidden: readonly string[]) {
  try {
    if (hidden.length === 0) globalThis.localStorage?.removeItem(columnsStorageKey(name));
    else globalThis.localStorage?.setItem(columnsStorageKey(name), JSON.stringify(hidden));
  } catch {
    // Storage refused (private mode, full): the choice lasts until the page is left.
  }
}

/** The columns to show, and a way to change which are hidden; every column when the table offers no choice. */
export function useShownColumns<C extends { key: string }>(
  name: string | undefined,
  columns: readonly C[],
): [readonly C[], (hidden: string[]) => void] {
  const keys = columns.map((c) => c.key);
  const [hidden, setHiddenState] = useState<string[]>(() => (name ? readHiddenColumns(name, keys) : []));
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      if (name) writeHiddenColumns(name, next);
    },
    [name],
  );
  if (!name || hidden.length === 0) return [columns, setHidden];
  return [columns.filter((c, i) => i === 0 || !hidden.includes(c.key)), setHidden];
}

/** A button opening a list of the table's columns to tick, the first always shown, and a way back to all of them. */
export function ColumnChooser({
  columns,
  shown,
  onChange,
  testId,
}: {
  columns: readonly { key: string; header: string }[];
  shown: readonly { key: string }[];
  onChange: (hidden: string[]) => void;
  testId?: string;
}) {
  const legend = useId();
  const shownKeys = new Set(shown.map((c) => c.key));
  const hiddenCount = columns.length - shown.length;
  const toggle = (key: string, show: boolean) =>
    onChange(columns.filter((c, i) => i > 0 && (c.key === key ? !show : !shownKeys.has(c.key))).map((c) => c.key));
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconColumns3 size={16} aria-hidden="true" />}
          data-testid={testId ? `${testId}-columns` : undefined}
        >
          {hiddenCount > 0 ? T.columnsHidden(hiddenCount) : T.columns}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby={legend}>
          <Text id={legend} fw={700} size="sm">
            {T.columnsLegend}
          </Text>
          {columns.map((column, i) => (
            <Checkbox
              key={column.key}
              label={i === 0 ? `${column.header} (${T.columnsAlways})` : column.header}
              checked={i === 0 || shownKeys.has(column.key)}
              disabled={i === 0}
              onChange={(event) => toggle(column.key, event.currentTarget.checked)}
            />
          ))}
          <Button variant="subtle" size="compact-sm" onClick={() => onChange([])} disabled={hiddenCount === 0}>
            {T.columnsReset}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
