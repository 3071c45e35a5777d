import type { ReminderSkipReason, ReminderSummary } from '../../../../shared/schemas/returns.ts';
import type { NotificationLevel } from '../../../lib/notifications.ts';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.reminders;

/** "UVic, Fall" for a line of the confirmation or the result. */
export const reminderReturnLabel = (r: { institution_name: string; term: string }) => `${r.institution_name}, ${r.term}`;

/** The returns left out, grouped by why, in the order people should read them (failures first). */
export function skippedByReason(summary: ReminderSummary): { reason: ReminderSkipReason; label: string; returns: string[] }[] {
  const order: ReminderSkipReason[] = ['send-failed', 'no-admin', 'reminded-recently', 'not-overdue'];
  return order
    .map((reason) => ({
      reason,
      label: T.skipped[reason],
      returns: summary.skipped.filter((s) => s.reason === reason).map(reminderReturnLabel),
    }))
    .filter((group) => group.returns.length > 0);
}

/** The toast after sending: how many mails to how many people, and a warning when some could not be sent. */
export function reminderResultToast(summary: ReminderSummary): { level: NotificationLevel; message: string } {
  const failed = summary.skipped.filter((s) => s.reason === 'send-failed').length;
  if (failed > 0) return { level: summary.sent > 0 ? 'warning' : 'error', message: T.resultFailed(summary.sent, failed) };
  if (summary.sent === 0) return { level: 'info', message: T.resultNone };
  return { level: 'success', message: T.resultSent(summary.sent, summary.recipients) };
}
