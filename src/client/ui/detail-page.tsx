import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArchive, IconRestore, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { TEXT } from '../../shared/messages.ts';
import { ApiError, isApiError } from '../lib/api-client.ts';
import { notify } from '../lib/notifications.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LoadError } from './load-error.tsx';
import { Page } from './page.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { ActiveBadge } from './status-badge.tsx';
import { useErrorToast } from './use-error-toast.ts';

/**
 * A failed write's toast: the catalogue message, and for a refused request (400) the server's reason beneath it —
 * with `fieldErrors`, the reasons it gave per field when it gave any.
 */
export function notifyWriteFailure(error: unknown, { fieldErrors = false }: { fieldErrors?: boolean } = {}): void {
  const message = error instanceof Error ? error.message : String(error);
  let reason: string | undefined;
  if (isApiError(error) && error.status === 400) {
    const reasons = fieldErrors ? Object.values(error.fieldErrors ?? {}).flat() : [];
    reason = reasons.length > 0 ? reasons.join(' ') : error.serverMessage;
  }
  notify({ level: 'error', message, ...(reason && reason !== message ? { detail: reason } : {}) });
}

/** A read the server refused for what it is, not for a failure: no such item (404), or not the user's to read (403). */
const refusedStatus = (error: Error | null) =>
  isApiError(error) && (error.status === 404 || error.status === 403) ? error.status : null;

/** The read behind a detail screen, as a query answers it. */
export interface DetailQuery<T> {
  /** Nothing to show yet: a skeleton. */
  isPending: boolean;
  error: Error | null;
  /** What was loaded; undefined once loaded means there is no such thing (404). */
  data: T | undefined;
  refetch: () => unknown;
}

export interface DetailLoadProps<T> {
  query: DetailQuery<T>;
  /** The page title while there is no item to name it. */
  title: string;
  loadFailed?: string;
  children: (data: T) => ReactNode;
}

/**
 * The loading half of a detail screen: a skeleton while loading; the route's error page for a missing item ("Page
 * not found") and for one the user may not read (403, with who can grant access), as the record screen does; and a
 * failed read said in place (and toasted) with a way to try again. Trying again cannot turn a refusal into an answer.
 */
export function DetailLoad<T>({ query, title, loadFailed, children }: DetailLoadProps<T>) {
  const { error, data } = query;
  const { pathname } = useLocation();
  const refused = refusedStatus(error);
  useErrorToast(refused ? null : error);
  if (query.isPending) return <PageSkeleton />;
  if (refused === 403) throw error;
  if (error && !refused) {
    return (
      <Page title={title}>
        <LoadError message={error.message} detail={loadFailed} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  // Shown by the route's error page: "404 Not Found" with "Page not found: {path}".
  if (data === undefined) throw new ApiError(TEXT.notFound(pathname), { status: 404 });
  return <>{children(data)}</>;
}

/** What a mutation's `mutate` takes after its variables. */
export interface WriteCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

export interface ActivationWords {
  inactive: { title: string; body: string; reactivate: string };
  dialog: { title: string; confirm: string; cancel: string; body: (name: string) => string };
  /** The button that opens the dialog ("Delete", "Deactivate"). */
  deactivate: string;
  /** The toasts. */
  deactivated: string;
  reactivated: string;
}

/** The writes behind the buttons. */
export interface ActivationWrites {
  deactivate: (callbacks: WriteCallbacks) => void;
  reactivate: (callbacks: WriteCallbacks) => void;
  deactivating: boolean;
  reactivating: boolean;
}

/** The writes of an item switched by one mutation that takes the new `active` value. */
export function writesOfSetActive(setActive: {
  mutate: (active: boolean, callbacks: WriteCallbacks) => void;
  isPending: boolean;
}): ActivationWrites {
  return {
    deactivate: (callbacks) => setActive.mutate(false, callbacks),
    reactivate: (callbacks) => setActive.mutate(true, callbacks),
    deactivating: setActive.isPending,
    reactivating: setActive.isPending,
  };
}

export interface Activation extends ActivationWrites {
  words: ActivationWords;
  onFailure: (error: unknown) => void;
  /** The inactive notice's icon and the deactivate button's. */
  inactiveIcon: ReactNode;
  deactivateIcon: ReactNode;
  deactivateId?: string;
  /** Said in the inactive notice after its body. */
  inactiveExtra?: ReactNode;
}

/** The words of an item that "Delete" marks inactive (institutions, valid programs), as their messages files hold them. */
export interface SoftDeleteWords {
  inactive: ActivationWords['inactive'];
  deleteDialog: ActivationWords['dialog'];
  form: { delete: string };
  toast: { deleted: string; reactivated: string };
}

/** "Delete" that marks the item inactive, and "Reactivate", through one mutation taking the new `active` value. */
export function softDeleteActivation(words: SoftDeleteWords, setActive: Parameters<typeof writesOfSetActive>[0]): Activation {
  return {
    words: {
      inactive: words.inactive,
      dialog: words.deleteDialog,
      deactivate: words.form.delete,
      deactivated: words.toast.deleted,
      reactivated: words.toast.reactivated,
    },
    ...writesOfSetActive(setActive),
    onFailure: notifyWriteFailure,
    inactiveIcon: <IconArchive aria-hidden="true" />,
    deactivateIcon: <IconTrash size={16} aria-hidden="true" />,
  };
}

export interface DetailPageProps {
  title: string;
  /** The item's name, in the dialog's question. */
  name: string;
  active: boolean;
  /** The line beside the status badge. */
  summary: string;
  /** Shown after the summary (a "You" badge). */
  badge?: ReactNode;
  activation: Activation;
  /** The form, given the deactivate button to place among its actions (null while inactive). */
  form: (deactivateButton: ReactNode) => ReactNode;
  /** Sections below the form. */
  children?: ReactNode;
}

/**
 * A detail screen: status and summary, the inactive notice with Reactivate, the form with a Deactivate (or Delete)
 * button that asks first. Focus follows the buttons as they swap: after a reactivation to the Deactivate button that
 * replaced Reactivate, after a deactivation (once the dialog has gone) to Reactivate.
 */
export function DetailPage({ title, name, active, summary, badge, activation: a, form, children }: DetailPageProps) {
  const W = a.words;
  const [confirming, setConfirming] = useState(false);
  const reactivateRef = useRef<HTMLButtonElement>(null);
  const deactivateRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'reactivate' | 'deactivate' | null>(null);

  useEffect(() => {
    if (focusAfter.current === 'deactivate' && deactivateRef.current) {
      deactivateRef.current.focus();
      focusAfter.current = null;
    }
  });

  const afterDialog = () => {
    if (focusAfter.current === 'reactivate') reactivateRef.current?.focus();
    focusAfter.current = null;
  };

  const confirmDeactivate = () =>
    a.deactivate({
      onSuccess: () => {
        focusAfter.current = 'reactivate';
        setConfirming(false);
        notify({ level: 'success', message: W.deactivated });
      },
      onError: (error) => {
        setConfirming(false);
        a.onFailure(error);
      },
    });

  const reactivate = () =>
    a.reactivate({
      onSuccess: () => {
        focusAfter.current = 'deactivate';
        notify({ level: 'success', message: W.reactivated });
      },
      onError: a.onFailure,
    });

  const deactivateButton = active ? (
    <Button
      ref={deactivateRef}
      id={a.deactivateId}
      variant="outline"
      color="red.9"
      leftSection={a.deactivateIcon}
      onClick={() => setConfirming(true)}
    >
      {W.deactivate}
    </Button>
  ) : null;

  return (
    <Page title={title}>
      <Group gap="sm">
        <ActiveBadge active={active} size="md" />
        <Text>{summary}</Text>
        {badge}
      </Group>

      {active ? null : (
        <Alert
          color="gray"
          variant="light"
          icon={a.inactiveIcon}
          title={<Text fw={700}>{W.inactive.title}</Text>}
          maw="44rem"
          data-testid="inactive-notice"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{W.inactive.body}</Text>
            {a.inactiveExtra}
            <Button
              ref={reactivateRef}
              leftSection={<IconRestore size={16} aria-hidden="true" />}
              loading={a.reactivating}
              onClick={reactivate}
            >
              {W.inactive.reactivate}
            </Button>
          </Stack>
        </Alert>
      )}

      {form(deactivateButton)}

      <ConfirmDialog
        opened={confirming}
        title={W.dialog.title}
        confirmLabel={W.dialog.confirm}
        cancelLabel={W.dialog.cancel}
        danger
        loading={a.deactivating}
        onConfirm={confirmDeactivate}
        onCancel={() => setConfirming(false)}
        onClosed={afterDialog}
      >
        <Text>{W.dialog.body(name)}</Text>
      </ConfirmDialog>

      {children}
    </Page>
  );
}
