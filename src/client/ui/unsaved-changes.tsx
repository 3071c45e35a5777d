import { Text } from '@mantine/core';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { UI_PIECES } from './messages.ts';

export interface UnsavedChangesGuard {
  /** Call just before navigating away on purpose (after a save), so the guard lets that one navigation through. */
  allowNavigation: () => void;
  /** Render it once in the form: the "Discard your changes?" dialog. */
  dialog: ReactNode;
}

/**
 * Nothing typed is lost without asking (docs/product.md §1): leaving a form with unsaved changes, by Cancel, a link
 * or the browser's back button, first asks; closing or reloading the tab gets the browser's own question.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const allowed = useRef(false);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) allowed.current = false;
  }, [dirty]);

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  // Asked while a save was still under way (the grid's row left by the very click that leaves the page): once nothing
  // is left unsaved there is nothing to lose, so the navigation goes on without waiting for an answer.
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);

  useBeforeUnload(
    useCallback((event: BeforeUnloadEvent) => {
      if (dirtyRef.current && !allowed.current) event.preventDefault();
    }, []),
  );

  const allowNavigation = useCallback(() => {
    allowed.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={UI_PIECES.unsaved.title}
      confirmLabel={UI_PIECES.unsaved.leave}
      cancelLabel={UI_PIECES.unsaved.stay}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <Text>{UI_PIECES.unsaved.body}</Text>
    </ConfirmDialog>
  );

  return { allowNavigation, dialog };
}
