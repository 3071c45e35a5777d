import { notifications, type NotificationData } from '@mantine/notifications';
import DOMPurify from 'dompurify';
import { createElement, type ReactNode } from 'react';
import { TOAST_TIMEOUT_MS } from '../../shared/constants.ts';
import { TEXT } from '../../shared/messages.ts';
import { COMMON_WORDS } from '../ui/common-words.ts';

export const NOTIFICATION_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** A notification (docs/product.md §2.4): id is a timestamp; detail is HTML, shown only after sanitising. */
export interface AppNotification {
  id: number;
  level: NotificationLevel;
  message: string;
  detail?: string;
  timeout?: number;
}

export type NotifyInput = Omit<AppNotification, 'id'>;

const LEVEL_COLOURS: Record<NotificationLevel, string> = { info: 'navy', success: 'green', warning: 'orange', error: 'red' };

let lastId = 0;

/** A timestamp id, nudged forward when two toasts are raised in the same millisecond so ids stay unique. */
export function nextNotificationId(now: number = Date.now()): number {
  lastId = Math.max(now, lastId + 1);
  return lastId;
}

export function createNotification(input: NotifyInput, now?: number): AppNotification {
  return { ...input, id: nextNotificationId(now) };
}

/** Removes anything that could run or restyle the page; keeps text formatting and links. */
export function sanitizeDetail(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'img', 'video', 'audio'],
    FORBID_ATTR: ['style', 'class', 'id'],
  });
  return typeof clean === 'string' ? clean : String(clean);
}

/** Errors and warnings interrupt a screen reader (role alert); information and success wait their turn (role status). */
export function notificationRole(level: NotificationLevel): 'alert' | 'status' {
  return level === 'error' || level === 'warning' ? 'alert' : 'status';
}

function notificationBody(notification: AppNotification): ReactNode {
  const children: ReactNode[] = [
    createElement(
      'span',
      { key: 'level', className: 'visually-hidden' },
      `${COMMON_WORDS.notificationLevel[notification.level]}: `,
    ),
    createElement('span', { key: 'message', className: 'toast-message' }, notification.message),
  ];
  if (notification.detail) {
    children.push(
      createElement('div', {
        key: 'detail',
        className: 'toast-detail',
        dangerouslySetInnerHTML: { __html: sanitizeDetail(notification.detail) },
      }),
    );
  }
  return createElement('div', { className: 'toast-body' }, children);
}

/** What Mantine's notification system is given for one of ours. */
export function toMantineNotification(notification: AppNotification): NotificationData {
  return {
    id: String(notification.id),
    color: LEVEL_COLOURS[notification.level],
    message: notificationBody(notification),
    autoClose: notification.timeout ?? TOAST_TIMEOUT_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': TEXT.dismiss },
    role: notificationRole(notification.level),
    withBorder: true,
    'data-level': notification.level,
  };
}

/** Raises a toast at the top of the page; it goes after its timeout (default 3200 ms) or when dismissed. */
export function notify(input: NotifyInput): AppNotification {
  const notification = createNotification(input);
  notifications.show(toMantineNotification(notification));
  return notification;
}
