import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { UI_PIECES } from './messages.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is under way: its button spins and the dialog stays. */
  loading?: boolean;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /**
   * Called once the dialog has gone. Focus normally returns to the button that opened it; when the confirmed action
   * removed that button, move focus here instead.
   */
  onClosed?: () => void;
  /** Nothing to confirm after all (the dialog only informs): the cancel button alone, and no confirm button. */
  cancelOnly?: boolean;
  /** Wider for a long list to read (a phone shows it full width whatever the size). */
  size?: 'md' | 'lg';
}

/**
 * Asks before doing something that cannot be taken back in one click. Focus starts on the safe choice,
 * Escape and the close button cancel, and focus returns to the button that opened it.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = UI_PIECES.confirm.cancel,
  onConfirm,
  onCancel,
  loading = false,
  danger = false,
  onClosed,
  cancelOnly = false,
  size = 'md',
}: ConfirmDialogProps) {
  // Callers clear what they ask about when it closes, but the dialog fades out after that: it keeps the words it was
  // open with until it has gone (a confirm button with no name, mid-fade, was an accessibility failure on CI).
  const [kept, setKept] = useState({ title, confirmLabel, children });
  if (opened && (kept.title !== title || kept.confirmLabel !== confirmLabel || kept.children !== children))
    setKept({ title, confirmLabel, children });
  const shown = opened ? { title, confirmLabel, children } : kept;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onCancel();
      }}
      title={shown.title}
      centered
      size={size}
      returnFocus
      onExitTransitionEnd={onClosed}
      closeButtonProps={{ 'aria-label': UI_PIECES.confirm.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <div>{shown.children}</div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
            {cancelLabel}
          </Button>
          {cancelOnly ? null : (
            <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
              {shown.confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
