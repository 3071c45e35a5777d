import { describe, expect, it } from 'vitest';
import type { ReminderSummary } from '../../../../shared/schemas/returns.ts';
import { reminderResultToast, skippedByReason } from './reminder-summary.ts';

const ret = (id: number, name: string) => ({
  return_id: id,
  institution_id: id,
  institution_name: name,
  fiscal_year: '2025/26',
  term: 'Fall' as const,
});
const summary = (over: Partial<ReminderSummary>): ReminderSummary => ({
  dry_run: false,
  sent: 0,
  recipients: 0,
  returns: [],
  skipped: [],
  ...over,
});
const skipped = (id: number, name: string, reason: ReminderSummary['skipped'][number]['reason']) => ({
  ...ret(id, name),
  reason,
  last_reminded_at: null,
});

describe('reminder results', () => {
  it('says how many mails went to how many people', () => {
    expect(reminderResultToast(summary({ sent: 3, recipients: 4 }))).toEqual({
      level: 'success',
      message: '3 reminders sent to 4 people.',
    });
    expect(reminderResultToast(summary({ sent: 1, recipients: 1 })).message).toBe('1 reminder sent to 1 person.');
  });

  it('warns when the mail server refused some, and is an error when it refused all', () => {
    const some = summary({ sent: 2, recipients: 2, skipped: [skipped(3, 'SFU', 'send-failed')] });
    expect(reminderResultToast(some)).toEqual({
      level: 'warning',
      message: '2 reminders sent; the mail server did not take 1 other. Try again later.',
    });
    expect(reminderResultToast(summary({ skipped: [skipped(3, 'SFU', 'send-failed')] })).level).toBe('error');
  });

  it('says so when nothing was sent', () => {
    expect(reminderResultToast(summary({ skipped: [skipped(1, 'UBC', 'no-admin')] }))).toEqual({
      level: 'info',
      message: 'No reminder was sent: every overdue return was left out.',
    });
  });

  it('groups what was left out by reason, failures first', () => {
    const groups = skippedByReason(
      summary({
        skipped: [skipped(1, 'UBC', 'no-admin'), skipped(2, 'SFU', 'send-failed'), skipped(3, 'TRU', 'no-admin')],
      }),
    );
    expect(groups.map((g) => [g.reason, g.returns])).toEqual([
      ['send-failed', ['SFU, Fall']],
      ['no-admin', ['UBC, Fall', 'TRU, Fall']],
    ]);
  });
});
