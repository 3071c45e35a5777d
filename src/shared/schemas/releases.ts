import { z } from 'zod';
import { TERMS } from '../constants.ts';
import { staleEditSchema } from './edit-version.ts';
import { ID_MAX } from './id.ts';
import { fiscalYearInput, termInput } from './returns.ts';
import { textField } from './text.ts';

/**
 * Releases of province figures on the wire (issue 27, decision 024, docs/disclosure-control.md): a release is a frozen,
 * numbered snapshot of the records of one or more periods. The part of a province figure that comes from institutions
 * a viewer may not read is taken from the latest release of each period it covers, so it changes only at a release.
 */

/** The most periods one release may hold: twenty fiscal years of three terms. */
export const MAX_RELEASE_PERIODS = 60;

/** One fiscal year × term as a release names it. */
export const ReleasePeriodKeySchema = z.object({ fiscal_year: fiscalYearInput, term: termInput }).strict();
export type ReleasePeriodKey = z.infer<typeof ReleasePeriodKeySchema>;

/** A period within a release: final when every return of it was approved at release time, else provisional (`p`). */
export const ReleasePeriodSchema = z.object({
  fiscal_year: z.string(),
  term: z.enum(TERMS),
  final: z.boolean(),
  /**
   * The submitted records the release holds for the period, and how many institutions they come from: only for whoever
   * reads every institution, since two releases' counts differ by the late institutions' records.
   */
  records: z.number().int().optional(),
  institutions: z.number().int().optional(),
});
export type ReleasePeriod = z.infer<typeof ReleasePeriodSchema>;

export const ReleaseSchema = z.object({
  number: z.number().int(),
  released_at: z.string().describe('ISO 8601 instant'),
  /** Who released it; null when the schedule did. */
  released_by: z.string().nullable(),
  note: z.string(),
  periods: z.array(ReleasePeriodSchema),
});
export type Release = z.infer<typeof ReleaseSchema>;

/** `POST /api/releases`: the periods to release (each once) and a note saying why. */
export const ReleaseCreateSchema = z
  .object({
    periods: z
      .array(ReleasePeriodKeySchema, { error: 'periods must be a list of fiscal years and terms' })
      .min(1, 'Choose at least one period to release')
      .max(MAX_RELEASE_PERIODS, `A release holds at most ${MAX_RELEASE_PERIODS} periods`)
      .superRefine((periods, ctx) => {
        const seen = new Set<string>();
        periods.forEach((p, n) => {
          const key = `${p.fiscal_year} ${p.term}`;
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [n], message: `${p.term} ${p.fiscal_year} is listed twice` });
          seen.add(key);
        });
      }),
    note: textField({ label: 'Note', max: 2000, multiline: true, required: true }),
  })
  .strict();
export type ReleaseCreate = z.infer<typeof ReleaseCreateSchema>;

/** A period as a release would take it now (`GET /api/releases/candidates`), beside its latest release. */
export const ReleaseCandidateSchema = z.object({
  fiscal_year: z.string(),
  term: z.enum(TERMS),
  due_on: z.string().nullable(),
  /** Returns of the period approved, of all its returns; a release now would be final when they are equal. */
  returns_approved: z.number().int(),
  returns: z.number().int(),
  records: z.number().int(),
  institutions: z.number().int(),
  latest: z.object({ number: z.number().int(), released_at: z.string(), final: z.boolean() }).nullable(),
  /** Submitted records added, changed and withdrawn since the latest release, and the institutions they belong to. */
  changes: z.object({
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    institutions: z.number().int(),
  }),
});
export type ReleaseCandidate = z.infer<typeof ReleaseCandidateSchema>;

/** The rule of the schedule's days, in the words the API and the schedule form both use. */
export const SCHEDULE_DAYS_RULE = 'Days after the due date must be a whole number from 0 to 365';

/** What the schedule does: its two settings. */
const scheduleSettings = {
  provisional_days_after_due: z
    .number({ error: `${SCHEDULE_DAYS_RULE}, or empty for no provisional release` })
    .int(SCHEDULE_DAYS_RULE)
    .min(0, SCHEDULE_DAYS_RULE)
    .max(365, SCHEDULE_DAYS_RULE)
    .nullable(),
  final_when_approved: z.boolean({ error: 'final_when_approved must be true or false' }),
};

/** When the schedule releases by itself, and who changed it last (`version` 0: never changed, the defaults). */
export const ReleaseScheduleSchema = z.object({
  ...scheduleSettings,
  version: z.number().int().meta({ description: 'Counts the changes; a change sends back the version it was made from.' }),
  updated_at: z.string().nullable(),
  /** The name of the app admin who changed it last; null while it is the defaults. */
  updated_by: z.string().nullable(),
});
export type ReleaseSchedule = z.infer<typeof ReleaseScheduleSchema>;

/**
 * `PUT /api/releases/schedule`: both settings and the version they were read at, so that a newer change by another
 * app admin is refused (409, with the schedule as it is now) instead of overwritten.
 */
export const ReleaseScheduleUpdateSchema = z
  .object({
    ...scheduleSettings,
    version: z
      .number({ error: 'Version is required: send the version of the schedule you read, so a newer change is not overwritten' })
      .int('Version must be a whole number')
      .min(0, 'Version must be a whole number')
      .max(ID_MAX, 'Version is not valid'),
  })
  .strict();
export type ReleaseScheduleUpdate = z.infer<typeof ReleaseScheduleUpdateSchema>;

/** The 409 of a schedule changed since it was read: the schedule as it is now. */
export const ReleaseScheduleConflictSchema = staleEditSchema(ReleaseScheduleSchema);

/** A release the schedule will make: provisional on a day, or final once the period's returns are all approved. */
export const UpcomingReleaseSchema = z.object({
  fiscal_year: z.string(),
  term: z.enum(TERMS),
  final: z.boolean(),
  /** The day (B.C.) of a provisional release; null for a final one, which waits for the last approval. */
  on: z.string().nullable(),
});
export type UpcomingRelease = z.infer<typeof UpcomingReleaseSchema>;

/** `GET /api/releases`: the release calendar anyone signed in may read. */
export const ReleaseCalendarSchema = z.object({
  releases: z.array(ReleaseSchema),
  upcoming: z.array(UpcomingReleaseSchema),
  schedule: ReleaseScheduleSchema,
});
export type ReleaseCalendar = z.infer<typeof ReleaseCalendarSchema>;

/**
 * What a restricted viewer's province row rests on (`Report.release`): the releases its figures come from, and the
 * periods of the question not yet released. Null for people who read every institution (live figures).
 */
export const ReportReleaseSchema = z.object({
  releases: z.array(z.object({ number: z.number().int(), released_at: z.string() })),
  unreleased: z.array(z.object({ fiscal_year: z.string(), term: z.string() })),
  /** Figures (column keys) part of which keeps an earlier release's value: a revision held back. */
  held_back: z.array(z.string()),
});
export type ReportRelease = z.infer<typeof ReportReleaseSchema>;
