// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_TIMEOUT_MS } from '../../shared/constants.ts';
import {
  createNotification,
  nextNotificationId,
  notificationRole,
  notify,
  sanitizeDetail,
  toMantineNotification,
} from './notifications.ts';
import { stubMissingBrowserApis } from './jsdom-stubs.test-support.ts';

beforeAll(() => {
  stubMissingBrowserApis();
});

describe('the notification record', () => {
  it('has a timestamp id, unique even within one millisecond', () => {
    const a = nextNotificationId(1_700_000_000_000);
    const b = nextNotificationId(1_700_000_000_000);
    expect(a).toBeGreaterThanOrEqual(1_700_000_000_000);
    expect(b).toBe(a + 1);
    const later = createNotification({ level: 'info', message: 'x' }, Date.now() + 60_000);
    expect(later.id).toBeGreaterThan(b);
  });

  it('defaults the timeout to 3200 ms and keeps a given one', () => {
    expect(TOAST_TIMEOUT_MS).toBe(3200);
    expect(toMantineNotification({ id: 1, level: 'info', message: 'm' }).autoClose).toBe(3200);
    expect(toMantineNotification({ id: 2, level: 'info', message: 'm', timeout: 10_000 }).autoClose).toBe(10_000);
  });

  it('is dismissable, with a named close button', () => {
    const data = toMantineNotification({ id: 3, level: 'success', message: 'Saved' });
    expect(data.withCloseButton).toBe(true);
    expect(data.closeButtonProps).toMatchObject({ 'aria-label': 'Dismiss notification' });
    expect(data.id).toBe('3');
  });

  it('announces errors and warnings as alerts, the rest as status', () => {
    expect(notificationRole('error')).toBe('alert');
    expect(notificationRole('warning')).toBe('alert');
    expect(notificationRole('info')).toBe('status');
    expect(notificationRole('success')).toBe('status');
  });
});

describe('sanitizeDetail', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const clean = sanitizeDetail(
      '<p onclick="steal()">Row <b>12</b><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>',
    );
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(clean).toContain('<b>12</b>');
  });

  it('keeps ordinary formatting and links', () => {
    expect(sanitizeDetail('<ul><li><a href="/records/4">Record 4</a></li></ul>')).toBe(
      '<ul><li><a href="/records/4">Record 4</a></li></ul>',
    );
  });

  it('drops inline styles', () => {
    expect(sanitizeDetail('<span style="position:fixed">x</span>')).toBe('<span>x</span>');
  });
});

describe('notify', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('hands the toast to the notification system and returns the record', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('x');
    const result = notify({ level: 'warning', message: 'Check the figures', detail: '<em>Fall 2024</em>' });
    expect(result).toMatchObject({ level: 'warning', message: 'Check the figures', detail: '<em>Fall 2024</em>' });
    expect(typeof result.id).toBe('number');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ id: String(result.id), role: 'alert', autoClose: 3200 }));
  });
});

describe('a toast on the page', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    vi.useFakeTimers();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => {
      root.render(
        <MantineProvider>
          <Notifications position="top-right" withinPortal={false} transitionDuration={0} />
        </MantineProvider>,
      );
    });
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    notifications.clean();
    vi.useRealTimers();
  });

  it('shows the message and sanitised detail, announced, and goes after its timeout', () => {
    act(() => {
      notify({
        level: 'error',
        message: 'Failed to update record',
        detail: '<p>Placed<script>x()</script> is more than seeking</p>',
      });
    });
    const toast = container.querySelector('[role="alert"]');
    expect(toast?.textContent).toContain('Failed to update record');
    expect(toast?.innerHTML).toContain('<p>Placed is more than seeking</p>');
    expect(toast?.innerHTML).not.toContain('<script');

    act(() => {
      vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 200);
    });
    expect(container.textContent).toContain('Failed to update record');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(container.textContent).not.toContain('Failed to update record');
  });

  it('goes when dismissed', () => {
    act(() => {
      notify({ level: 'success', message: 'Record saved', timeout: 60_000 });
    });
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Record saved');
    const close = container.querySelector<HTMLButtonElement>('button[aria-label="Dismiss notification"]');
    expect(close).not.toBeNull();
    act(() => {
      close!.click();
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(container.textContent).not.toContain('Record saved');
  });
});
