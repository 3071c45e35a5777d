import { z } from 'zod';
import { INSTITUTION_TYPES, REGIONS, TERMS } from '../constants.ts';
import { MATRIX_STATE_FILTERS, RETURN_STATES } from '../reporting-cycle.ts';
import { fiscalYearError } from '../record-rules.ts';
import { defaultPeriodDates, isIsoDate, isPeriodDay, PERIOD_YEARS } from '../term-calendar.ts';
import { EXPORT_FORMATS } from './export.ts';
import { staleEditSchema, versionInput } from './edit-version.ts';
import { idNumber, queryIdList } from './id.ts';
import { mustMatchOnWrite, readOnly } from './read-only.ts';
import { queryList } from './query-string.ts';
import { queryOneOf, queryText } from './query-string.ts';
import { RecordSchema } from './record.ts';
import { textField } from './text.ts';

/**
 * Reporting periods and term returns on the wire (issue 20, docs/reporting-cycle.md). Dates are calendar days written
 * `YYYY-MM-DD`; instants (history, first approval) are ISO timestamps.
 */

const PERIOD_YEARS_TEXT = `the years ${PERIOD_YEARS.first} to ${PERIOD_YEARS.last}`;

const dateInput = (field: string, label: string) =>
  z
    .string({ error: `${label} must be a date written like 2025-09-30` })
    .superRefine((day, ctx) => {
      if (!isIsoDate(day)) ctx.addIssue({ code: 'custom', message: `${label} must be a real date written like 2025-09-30` });
      else if (!isPeriodDay(day)) ctx.addIssue({ code: 'custom', message: `${label} must be a date in ${PERIOD_YEARS_TEXT}` });
    })
    .meta({ description: `${field}: a calendar date, YYYY-MM-DD, in ${PERIOD_YEARS_TEXT}` });

/** A fiscal year as a body names it, checked by the record rule (also for releases). */
export const fiscalYearInput = z.string({ error: 'Fiscal year is required' }).superRefine((value, ctx) => {
  const message = fiscalYearError(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});
/** A term as a body names it. */
export const termInput = z.enum(TERMS, {
  error: (iss) => (iss.input === undefined ? 'Term is required' : `Term must be one of: ${TERMS.join(', ')}`),
});

const DUE_BEFORE_OPEN = 'The due date cannot be before the date the period opens';

/** A reporting period: one fiscal year × term, the day it opens and the day returns are due. */
export const PeriodSchema = z.object({
  id: readOnly(z.number().int()),
  fiscal_year: z.string(),
  term: z.enum(TERMS),
  opens_on: z.string(),
  due_on: z.string(),
  version: z.number().int().meta({ description: 'Steps at each change of the dates; a change sends back the one it read.' }),
});
export type Period = z.infer<typeof PeriodSchema>;

const periodYearOutOfRange = (fiscalYear: string, term: string) =>
  `${term} ${fiscalYear} cannot be a reporting period: its term calendar dates fall outside ${PERIOD_YEARS_TEXT}`;

/**
 * `PUT /api/periods`: a fiscal year and term, and optionally its dates; a date left out follows the term calendar
 * (opens on the term's first day, due on the last day of the month after the term ends).
 */
export const PeriodCreateSchema = z
  .object({
    fiscal_year: fiscalYearInput,
    term: termInput,
    opens_on: dateInput('opens_on', 'Opens on').optional(),
    due_on: dateInput('due_on', 'Due on').optional(),
  })
  .strict()
  .transform((input, ctx) => {
    const defaults = defaultPeriodDates(input.fiscal_year, input.term);
    if (!isPeriodDay(defaults.opens_on) || !isPeriodDay(defaults.due_on)) {
      ctx.addIssue({ code: 'custom', path: ['fiscal_year'], message: periodYearOutOfRange(input.fiscal_year, input.term) });
      return z.NEVER;
    }
    const period = { ...input, opens_on: input.opens_on ?? defaults.opens_on, due_on: input.due_on ?? defaults.due_on };
    if (period.due_on < period.opens_on) {
      ctx.addIssue({ code: 'custom', path: [input.due_on ? 'due_on' : 'opens_on'], message: DUE_BEFORE_OPEN });
      return z.NEVER;
    }
    return period;
  });
export type PeriodCreate = z.input<typeof PeriodCreateSchema>;
export type PeriodCreateParsed = z.output<typeof PeriodCreateSchema>;

/**
 * `PATCH /api/periods/{id}`: its dates. A period's fiscal year and term are what it is: sent back as read they must
 * be the stored ones (checked by the server), like the id. With `version`, a period changed since is refused (409).
 */
export const PeriodUpdateSchema = z
  .object({
    id: mustMatchOnWrite(idNumber('Id must be a whole number'), 'Read-only: when sent, it must be the id in the address.'),
    fiscal_year: mustMatchOnWrite(
      z.string({ error: 'Fiscal year must be text' }),
      'Read-only: a period never changes its fiscal year.',
    ),
    term: mustMatchOnWrite(z.string({ error: 'Term must be text' }), 'Read-only: a period never changes its term.'),
    opens_on: dateInput('opens_on', 'Opens on').optional(),
    due_on: dateInput('due_on', 'Due on').optional(),
    version: versionInput,
  })
  .strict();
export type PeriodUpdate = z.infer<typeof PeriodUpdateSchema>;

/** The 409 of a second period for the same fiscal year and term. */
export const PeriodConflictSchema = z.object({
  statusCode: z.number().int().optional(),
  message: z.string(),
  existingId: z.number().int(),
});

/** The 409 of a period's dates changed since they were read: the period as it is now. */
export const PeriodVersionConflictSchema = staleEditSchema(PeriodSchema);

/** One step of a return's history: who did what, when, from which state to which, and why. */
export const ReturnEventSchema = z.object({
  id: z.number().int(),
  /** submit, send-back, approve, reopen, or fill-zeros (zero records written for programs with none). */
  action: z.string(),
  from_state: z.enum(RETURN_STATES),
  to_state: z.enum(RETURN_STATES),
  reason: z.string().nullable(),
  /** Why an app admin zero-filled or signed off for the institution (acting on its behalf); null when it acted itself. */
  on_behalf_reason: z.string().nullable(),
  /** The new due date a send-back or reopening set (YYYY-MM-DD), else null. */
  due_again_on: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  at: z.string(),
});
export type ReturnEvent = z.infer<typeof ReturnEventSchema>;

/** A term return: one institution's sign-off of one period, with its completeness and its history (oldest first). */
export const TermReturnSchema = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  institution_name: z.string(),
  period_id: z.number().int(),
  fiscal_year: z.string(),
  term: z.enum(TERMS),
  state: z.enum(RETURN_STATES),
  /** Programs expected to report: the institution's programs active in the period (docs/reporting-cycle.md). */
  expected: z.number().int(),
  /** Expected programs with a record, draft or submitted. */
  reported: z.number().int(),
  /** Expected programs with a submitted record. */
  submitted: z.number().int(),
  opens_on: z.string(),
  due_on: z.string(),
  /**
   * The return's own due date, set by its last send-back or reopening (YYYY-MM-DD); null before any. When set it is
   * the due date overdue counts from, instead of the period's due_on; never earlier than due_on (a period's due date
   * moved later carries it along: the later of the two is answered).
   */
  due_again_on: z.string().nullable(),
  /** Past its due date (due_again_on when set, else due_on; a B.C. day) and neither submitted nor approved. */
  overdue: z.boolean(),
  /** Steps by one at every transition: send it back with an action to refuse acting on a return that changed meanwhile. */
  version: z.number().int(),
  first_approved_at: z.string().nullable(),
  /** When the return was first signed off (its history's first sign-off, an ISO timestamp); null before any. */
  first_signed_off_at: z.string().nullable(),
  /**
   * Timeliness (docs/reporting-cycle.md): true when its first sign-off was on or before the period's due date (a B.C.
   * day); false when that sign-off came later, or when it has none and the period's due date has passed; null while
   * it cannot be told (not signed off and not yet due, or signed off with no sign-off in its history).
   */
  on_time: z.boolean().nullable(),
  history: z.array(ReturnEventSchema),
});
export type TermReturn = z.infer<typeof TermReturnSchema>;

/**
 * `GET /api/returns?fiscalYear=&term=&institutionIds=&open=`: each list repeated or comma-separated; `open=true` keeps
 * the returns of open periods only (what the home page's "What is due" lists).
 */
export const ReturnsQuerySchema = z
  .object({
    fiscalYear: queryList(
      'fiscalYear',
      (item) => (fiscalYearError(item) ? undefined : item),
      'fiscal years written like 2025/26',
    ),
    term: queryList('term', queryOneOf(TERMS), `terms (${TERMS.join(', ')})`),
    institutionIds: queryIdList('institutionIds', 'institution ids'),
    region: queryList('region', queryOneOf(REGIONS), `regions (${REGIONS.join(', ')})`),
    institutionType: queryList(
      'institutionType',
      queryOneOf(INSTITUTION_TYPES),
      `institution types (${INSTITUTION_TYPES.join(', ')})`,
    ),
    open: z
      .enum(['true', 'false'], { error: 'open must be true or false' })
      .optional()
      .transform((value) => value === 'true')
      .meta({
        description:
          'true: only the returns of open periods, those that have opened (a B.C. day) and of which some return you may read (of the institutions asked for) is not yet approved',
      }),
  })
  .strict();
export type ReturnsQuery = z.output<typeof ReturnsQuerySchema>;

/**
 * `GET /api/returns/download`: the completeness matrix as a file, with the list's filters plus the matrix's own (the
 * institution name and the states of the cells, src/shared/return-matrix.ts). No fiscal year means the latest with
 * periods, as on the screen.
 */
export const ReturnsDownloadQuerySchema = ReturnsQuerySchema.extend({
  // A text filter like any other (issue 28: a NUL here used to answer 200): the one text rule, blank meaning none.
  institution: queryText('institution', 200).meta({
    description: 'Keep the institutions whose short name contains this (any letter case)',
  }),
  state: queryList('state', queryOneOf(MATRIX_STATE_FILTERS), `states (${MATRIX_STATE_FILTERS.join(', ')})`).meta({
    description: 'Keep the institutions with at least one return in one of these states (overdue: past due, not signed off)',
  }),
  format: z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' }).optional().default('csv'),
});
export type ReturnsDownloadQuery = z.output<typeof ReturnsDownloadQuerySchema>;

/** `POST /api/returns/{id}/approve`. */
export const ReturnActionSchema = z.object({ version: versionInput }).strict();
export type ReturnActionBody = z.infer<typeof ReturnActionSchema>;

/**
 * `POST /api/returns/{id}/submit` and `/fill-zeros`: an app admin who is not an admin of the return's institution acts
 * on its behalf and must give a reason (400 naming `reason` otherwise); the institution's own admins give none.
 */
export const ReturnOnBehalfSchema = z
  .object({
    reason: textField({ label: 'Reason', max: 2000, multiline: true, required: true }).optional().meta({
      description:
        'Why you act for the institution: required of an app admin who is not an admin of the return’s institution, refused from anyone else',
    }),
    version: versionInput,
  })
  .strict();
export type ReturnOnBehalfBody = z.infer<typeof ReturnOnBehalfSchema>;

/**
 * `POST /api/returns/{id}/send-back` and `/reopen`: a reason is required; the return's new due date is optional
 * (default: two weeks from today in B.C., or the period's due date when later), never before today.
 */
export const ReturnReasonSchema = z
  .object({
    reason: textField({ label: 'Reason', max: 2000, multiline: true, required: true }),
    due_again_on: dateInput('due_again_on', 'Due again on').optional().meta({
      description:
        'The return’s new due date (YYYY-MM-DD, today or later in B.C.); default two weeks from today, or the period’s due date when later',
    }),
    version: versionInput,
  })
  .strict();
export type ReturnReasonBody = z.infer<typeof ReturnReasonSchema>;

/** A 409 of a return action: the state (or version) it met, and the return as it is now. */
export const ReturnConflictSchema = z.object({
  statusCode: z.number().int().optional(),
  message: z.string(),
  code: z.string().optional(),
  state: z.enum(RETURN_STATES).optional(),
  current: TermReturnSchema.optional(),
});

/** `POST /api/returns/{id}/fill-zeros`: the zero records written (by program), and the return now. */
export const FillZerosResultSchema = z.object({
  created: z.array(z.object({ program_id: z.number().int(), record_id: z.number().int() })),
  return: TermReturnSchema,
});
export type FillZerosResult = z.infer<typeof FillZerosResultSchema>;

/** `GET /api/returns/{id}/programs`: each expected program of a return, with its record of the period, if any. */
export const ReturnProgramSchema = z.object({
  program_id: z.number().int(),
  program_name: z.string(),
  record_id: z.number().int().nullable(),
  /** The record's status (draft or submitted), or null when the program has no record of the period. */
  record_status: z.string().nullable(),
});
export type ReturnProgram = z.infer<typeof ReturnProgramSchema>;

/** `GET /api/returns/{id}/records`: each expected program with its whole record of the period, or null (the term's grid). */
export const ReturnEntryRowSchema = z.object({
  program_id: z.number().int(),
  program_name: z.string(),
  record: RecordSchema.nullable(),
});
export type ReturnEntryRow = z.infer<typeof ReturnEntryRowSchema>;

/** The key figures of one record (or a sum of records), as an approver reads a term (issue 30). */
export const KEY_FIGURES = [
  'students_enrolled',
  'students_seeking',
  'students_placed',
  'work_terms',
  'employers_total',
  'avg_hourly_wage',
] as const;
export type KeyFigure = (typeof KEY_FIGURES)[number];
export const KeyFiguresSchema = z.object({
  students_enrolled: z.number().int().nullable(),
  students_seeking: z.number().int().nullable(),
  students_placed: z.number().int().nullable(),
  /** Work terms of every duration. */
  work_terms: z.number().int().nullable(),
  employers_total: z.number().int().nullable(),
  /** Dollars and cents; for a total, weighted by students placed. */
  avg_hourly_wage: z.string().nullable(),
});
export type KeyFigures = z.infer<typeof KeyFiguresSchema>;

/** `GET /api/returns/{id}/figures`: the term's figures beside the same term last year and the term before. */
export const ReturnFiguresSchema = z.object({
  last_year: z.object({ fiscal_year: z.string(), term: z.enum(TERMS) }),
  previous_term: z.object({ fiscal_year: z.string(), term: z.enum(TERMS) }),
  programs: z.array(
    z.object({
      program_id: z.number().int(),
      program_name: z.string(),
      status: z.string().nullable(),
      now: KeyFiguresSchema.nullable(),
      last_year: KeyFiguresSchema.nullable(),
      previous_term: KeyFiguresSchema.nullable(),
      /** Figures far from the program's history, by the record form's rule (farFromHistory). */
      far: z.array(z.enum(KEY_FIGURES)),
    }),
  ),
  totals: z.object({ now: KeyFiguresSchema, last_year: KeyFiguresSchema, previous_term: KeyFiguresSchema }),
  /** What changed in the return's records after its first approval, oldest first (empty when never approved). */
  changes: z.array(
    z.object({
      program_name: z.string(),
      field: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type ReturnFigures = z.infer<typeof ReturnFiguresSchema>;

/**
 * A return is reminded at most once in this many hours (docs/reporting-cycle.md, "Reminder mails"). Less than a day,
 * so an admin who reminds each morning is not turned away because yesterday's went out a few minutes later in the day.
 */
export const REMINDER_GUARD_HOURS = 20;

/** At most this many returns in one reminder request: more than every institution's returns of a fiscal year. */
export const MAX_REMINDER_RETURNS = 500;

/**
 * `POST /api/returns/reminders` (only when mail is configured): remind the admins of overdue returns, either of one
 * fiscal year (and optionally one term) or of the returns listed. `dry_run` answers who would be mailed, sending nothing.
 */
export const ReminderRequestSchema = z
  .object({
    fiscal_year: fiscalYearInput.optional(),
    term: termInput.optional(),
    return_ids: z
      .array(idNumber('Each return id must be a whole number'), { error: 'Return ids must be a list of return ids' })
      .min(1, 'Return ids must name at least one return')
      .max(MAX_REMINDER_RETURNS, `Return ids may name at most ${MAX_REMINDER_RETURNS} returns`)
      .optional(),
    dry_run: z.boolean({ error: 'Dry run must be true or false' }).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.return_ids && (input.fiscal_year || input.term)) {
      ctx.addIssue({ code: 'custom', path: ['return_ids'], message: 'Give either return ids or a fiscal year, not both' });
    } else if (!input.return_ids && !input.fiscal_year) {
      ctx.addIssue({ code: 'custom', path: ['fiscal_year'], message: 'Fiscal year is required (or give return ids)' });
    }
  });
export type ReminderRequest = z.input<typeof ReminderRequestSchema>;

/** Why a return asked about was not reminded. */
export const REMINDER_SKIP_REASONS = ['not-overdue', 'no-admin', 'reminded-recently', 'send-failed'] as const;
export type ReminderSkipReason = (typeof REMINDER_SKIP_REASONS)[number];

const reminderReturn = {
  return_id: z.number().int(),
  institution_id: z.number().int(),
  institution_name: z.string(),
  fiscal_year: z.string(),
  term: z.enum(TERMS),
};

/** The answer of a reminder request: what was mailed (or would be, in a dry run), to whom, and what was left out. */
export const ReminderSummarySchema = z.object({
  dry_run: z.boolean(),
  /** Mails sent: one per return reminded (0 in a dry run). */
  sent: z.number().int(),
  /** Distinct people mailed (or who would be). */
  recipients: z.number().int(),
  returns: z.array(
    z.object({
      ...reminderReturn,
      recipients: z.array(z.object({ user_id: z.number().int(), name: z.string(), email: z.string() })),
    }),
  ),
  skipped: z.array(
    z.object({
      ...reminderReturn,
      reason: z.enum(REMINDER_SKIP_REASONS),
      /** For reminded-recently: when the last reminder went out (ISO timestamp). */
      last_reminded_at: z.string().nullable(),
    }),
  ),
});
export type ReminderSummary = z.infer<typeof ReminderSummarySchema>;

/** At most this many returns in one bulk approval: every institution's returns of several fiscal years. */
export const MAX_BULK_APPROVALS = 500;

/**
 * `POST /api/returns/approve`: the returns an app admin chose in the matrix, each with the version they saw, so a
 * return that changed between selection and confirmation is refused (return_version) instead of approved blind.
 * A return named twice is refused as a whole request: one choice, one approval.
 */
export const BulkApproveSchema = z
  .object({
    returns: z
      .array(
        z
          .object({
            id: idNumber('Each return id must be a whole number'),
            version: idNumber('Each version must be a whole number'),
          })
          .strict(),
        { error: 'Returns must be a list of {id, version}' },
      )
      .min(1, 'Returns must name at least one return')
      .max(MAX_BULK_APPROVALS, `Returns may name at most ${MAX_BULK_APPROVALS} returns`)
      .refine((list) => new Set(list.map((r) => r.id)).size === list.length, 'Returns must name each return once'),
  })
  .strict();
export type BulkApproveBody = z.infer<typeof BulkApproveSchema>;

/**
 * Why a return of a bulk approval was not approved: the 409 codes of a single approval, not_found, forbidden, or
 * failed (an error on the server while approving that return; its own transaction was undone).
 */
export const BULK_REFUSAL_CODES = ['return_state', 'return_version', 'not_found', 'forbidden', 'failed'] as const;

/** One return's outcome in a bulk approval: approved, or refused with the reason a single approval would give. */
export const BulkApproveOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ id: z.number().int(), ok: z.literal(true) }),
  z.object({ id: z.number().int(), ok: z.literal(false), code: z.enum(BULK_REFUSAL_CODES), message: z.string() }),
]);
export type BulkApproveOutcome = z.infer<typeof BulkApproveOutcomeSchema>;

/** The answer: each return's outcome, in the order asked. */
export const BulkApproveResultSchema = z.object({ results: z.array(BulkApproveOutcomeSchema) });
export type BulkApproveResult = z.infer<typeof BulkApproveResultSchema>;

/**
 * `GET /api/returns/approval-flags?ids=`: for each return asked about (up to MAX_BULK_APPROVALS; unknown ids left
 * out), what its figures say before it is approved unopened: its programs with figures far from their history (the
 * record form's rule, as on the return page) and those whose students placed moved beyond PLACED_CHANGE_THRESHOLD
 * (src/shared/return-figure-flags.ts) since the same term last year.
 */
export const ApprovalFlagsQuerySchema = z
  .object({
    ids: queryIdList('ids', 'return ids')
      .refine((ids) => ids !== undefined && ids.length > 0, 'ids must name at least one return')
      .refine((ids) => (ids?.length ?? 0) <= MAX_BULK_APPROVALS, `ids may name at most ${MAX_BULK_APPROVALS} returns`),
  })
  .strict();

export const ApprovalFlagsSchema = z.object({
  returns: z.array(
    z.object({
      id: z.number().int(),
      /** The same term last year, which `changed` compares with. */
      last_year: z.object({ fiscal_year: z.string(), term: z.enum(TERMS) }),
      far: z.array(z.object({ program_id: z.number().int(), program_name: z.string(), figures: z.array(z.enum(KEY_FIGURES)) })),
      changed: z.array(
        z.object({
          program_id: z.number().int(),
          program_name: z.string(),
          figure: z.enum(KEY_FIGURES),
          last_year: z.number(),
          now: z.number(),
        }),
      ),
    }),
  ),
});
export type ApprovalFlags = z.infer<typeof ApprovalFlagsSchema>;
export type ReturnApprovalFlags = ApprovalFlags['returns'][number];
