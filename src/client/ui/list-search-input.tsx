import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { UI_PIECES } from './messages.ts';

export interface ListSearchInputProps {
  id: string;
  label: string;
  description?: string;
  /** The search as the URL holds it. */
  value: string;
  /** Called a moment after typing stops, and at once on Enter or clear. */
  onCommit: (value: string) => void;
  clearLabel?: string;
}

/** A search box over a list: typing stays smooth, and the list (and URL) follow a quarter second later. */
export function ListSearchInput({
  id,
  label,
  description,
  value,
  onCommit,
  clearLabel = UI_PIECES.clearSearch,
}: ListSearchInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useDebouncedCallback((next: string) => {
    committed.current = next;
    onCommit(next);
  }, 250);

  // The URL changed from elsewhere (Back, "Clear filters"): show what it now says.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      id={id}
      label={label}
      description={description}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      value={text}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={clearLabel}
            onClick={() => {
              setText('');
              commit.cancel();
              committed.current = '';
              onCommit('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          commit.cancel();
          committed.current = text;
          onCommit(text);
        }
      }}
    />
  );
}
