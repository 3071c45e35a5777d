import { describe, expect, it } from 'vitest';
import type { TermReturn } from '../../../shared/schemas/returns.ts';
import { reminderText } from './reminder-mail.ts';

const RET = {
  id: 5,
  institution_id: 1,
  institution_name: 'UVic',
  period_id: 2,
  fiscal_year: '2025/26',
  term: 'Fall',
  state: 'reopened',
  expected: 3,
  reported: 3,
  submitted: 2,
  opens_on: '2025-09-01',
  due_on: '2026-01-31',
  due_again_on: null,
  overdue: true,
  version: 4,
  first_approved_at: null,
  first_signed_off_at: null,
  on_time: null,
  history: [],
} satisfies TermReturn;

describe('a reminder mail’s due date', () => {
  it('names the period’s due date, or the return’s own once it was sent back or reopened (issue 30)', () => {
    expect(reminderText(RET, 'https://wil.example.ca')).toContain('was due on 31 January 2026 and is overdue.');
    expect(reminderText({ ...RET, due_again_on: '2026-02-24' }, 'https://wil.example.ca')).toContain(
      'was due on 24 February 2026 and is overdue.',
    );
  });
});
