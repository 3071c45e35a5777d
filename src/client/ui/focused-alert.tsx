import { Alert, type AlertProps } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * An alert the person must deal with next (errors to fix, a record that already exists, a newer version, where to go
 * after a save): it takes focus, and so scrolls into view and is read out, each time `focusKey` changes.
 */
export function FocusedAlert({
  focusKey,
  children,
  ...props
}: AlertProps & { focusKey: unknown; children: ReactNode; 'data-testid'?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [focusKey]);
  return (
    <Alert ref={ref} tabIndex={-1} {...props}>
      {children}
    </Alert>
  );
}
