import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  customType,
} from 'drizzle-orm/pg-core';
import { COUNT_FIELDS, MONEY_FIELDS } from '../../shared/record-rules.ts';

/**
 * The whole data model of docs/product.md §4. Nothing is physically deleted: institutions and programs
 * carry active_ind, users carry active, records stay. Closed lists are CHECK constraints so the
 * database refuses what the API would.
 */

const createdUpdated = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const institutions = pgTable(
  'institutions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    nameCode: text('name_code').notNull(),
    institutionType: text('institution_type').notNull(),
    region: text('region').notNull(),
    activeInd: boolean('active_ind').notNull().default(true),
    /** Steps at each change: an edit sent with an older one is refused, not written over a newer one (decision 044). */
    version: integer('version').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('institutions_short_name_key').on(sql`lower(${t.shortName})`),
    uniqueIndex('institutions_name_code_key').on(sql`lower(${t.nameCode})`),
  ],
);

export const disciplines = pgTable('disciplines', {
  name: text('name').primaryKey(),
  sortOrder: integer('sort_order').notNull(),
});

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    name: text('name').notNull(),
    discipline: text('discipline')
      .notNull()
      .references(() => disciplines.name, { onUpdate: 'cascade' }),
    credential: text('credential').notNull(),
    wilType: text('wil_type').notNull(),
    coopModel: text('coop_model'),
    participation: text('participation').notNull(),
    accredited: boolean('accredited').notNull().default(false),
    cipCode: text('cip_code'),
    activeInd: boolean('active_ind').notNull().default(true),
    /** Steps at each change: an edit sent with an older one is refused, not written over a newer one (decision 044). */
    version: integer('version').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('programs_institution_name_key').on(t.institutionId, sql`lower(${t.name})`),
    check('programs_cip_code_format', sql`${t.cipCode} IS NULL OR ${t.cipCode} ~ '^[0-9]{2}\\.[0-9]{4}$'`),
    check('programs_coop_model_only_coop', sql`${t.coopModel} IS NULL OR ${t.wilType} = 'Co-operative Education'`),
  ],
);

const count = (name: string) => integer(name);
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

/** A field's name as Drizzle code spells the column: `wt_12_month_plus` → `wt12MonthPlus`. */
export type FigureProperty<F extends string> = F extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<FigureProperty<Tail>>}`
  : F;

/** The runtime twin of FigureProperty (schema.unit.test.ts checks that they agree, digits included). */
export function figureProperty<F extends string>(field: F): FigureProperty<F> {
  return field.replace(/_(.)/g, (_, next: string) => next.toUpperCase()) as FigureProperty<F>;
}

/**
 * One column per figure of `src/shared/record-rules.ts`, the one list of a record's fields: the column is named as the
 * field (its SQL and wire name), its property in camelCase, so a field added there is a column here with nothing more
 * to write (then `npm run db:generate` writes its migration).
 */
function figureColumns<F extends string, C>(fields: readonly F[], column: (name: F) => C): { [K in F as FigureProperty<K>]: C } {
  return Object.fromEntries(fields.map((field) => [figureProperty(field), column(field)])) as {
    [K in F as FigureProperty<K>]: C;
  };
}

export const records = pgTable(
  'records',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    fiscalYear: text('fiscal_year').notNull(),
    term: text('term').notNull(),
    ...figureColumns(COUNT_FIELDS, count),
    ...figureColumns(MONEY_FIELDS, money),
    notes: text('notes'),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    ...createdUpdated,
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('records_program_year_term_key').on(t.programId, t.fiscalYear, t.term),
    index('records_institution_year_term_idx').on(t.institutionId, t.fiscalYear, t.term),
    index('records_year_term_idx').on(t.fiscalYear, t.term),
    check('records_fiscal_year_format', sql`${t.fiscalYear} ~ '^[0-9]{4}/[0-9]{2}$'`),
    check('records_term', sql`${t.term} IN ('Summer', 'Fall', 'Spring')`),
    check('records_status', sql`${t.status} IN ('draft', 'submitted')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    prefName: text('pref_name').notNull().default(''),
    email: text('email').notNull().default(''),
    homeInstitutionId: integer('home_institution_id').references(() => institutions.id),
    active: boolean('active').notNull().default(true),
    glblAdmin: boolean('glbl_admin').notNull().default(false),
    glblRead: boolean('glbl_read').notNull().default(false),
    /** Steps at each change, privileges included: an edit sent with an older one is refused (decision 044). */
    version: integer('version').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`)],
);

/** One row per (user, institution, level): the read, write and admin lists of a user's privileges. */
export const userPrivileges = pgTable(
  'user_privileges',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    level: text('level').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.institutionId, t.level] }),
    index('user_privileges_institution_idx').on(t.institutionId),
    check('user_privileges_level', sql`${t.level} IN ('read', 'write', 'admin')`),
  ],
);

/** Server-side sessions. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Sign-in affiliations, kept for the session's life because roles such as employee come from them. */
    affiliations: jsonb('affiliations').$type<string[]>().notNull().default([]),
    idToken: text('id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** The advisory banner of `/global/header.json`: at most one row, set by app admins. */
export const siteBanner = pgTable(
  'site_banner',
  {
    id: integer('id').primaryKey().default(1),
    text: text('text').notNull(),
    type: text('type').notNull(),
    icon: text('icon').notNull().default(''),
    url: text('url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [check('site_banner_single_row', sql`${t.id} = 1`)],
);

/** Every change to a record, institution, program or user: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    action: text('action').notNull(),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.changedAt)],
);

/** PostgreSQL's bytea: bytes as they came (PGlite gives a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Files read by the import (issue 28). One that a commit used is kept for good with it (its audit row's `entity_id`
 * is the file's id), so its importer and the app admins can download what was imported; any other is dropped after
 * a day, and a person has at most a few waiting.
 */
export const importFiles = pgTable(
  'import_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    kept: boolean('kept').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_files_waiting_idx').on(t.userId, t.kept, t.createdAt)],
);

/**
 * Reporting periods (issue 20, docs/reporting-cycle.md): one per fiscal year × term, with the day it opens and the day
 * returns are due. App admins keep them; creating one creates its term returns.
 */
export const reportingPeriods = pgTable(
  'reporting_periods',
  {
    id: serial('id').primaryKey(),
    fiscalYear: text('fiscal_year').notNull(),
    term: text('term').notNull(),
    opensOn: date('opens_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Steps at each change of the dates: a change sent with an older one is refused, not written over a newer one. */
    version: integer('version').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('reporting_periods_year_term_key').on(t.fiscalYear, t.term),
    check('reporting_periods_fiscal_year_format', sql`${t.fiscalYear} ~ '^[0-9]{4}/[0-9]{2}$'`),
    check('reporting_periods_term', sql`${t.term} IN ('Summer', 'Fall', 'Spring')`),
    check('reporting_periods_due_after_open', sql`${t.dueOn} >= ${t.opensOn}`),
  ],
);

/**
 * Term returns: one per institution × period, with its stored sign-off state (the API derives "not started" and "in
 * progress" from an open one), when it was first approved (for revised figures) and a version for optimistic
 * concurrency. While a return is submitted or approved, its records are locked (docs/decisions/021).
 */
export const termReturns = pgTable(
  'term_returns',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => reportingPeriods.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    state: text('state').notNull().default('open'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    /**
     * The return's own due date once it was sent back or reopened (a B.C. day): overdue counts from it instead of the
     * period's, which has usually passed by then (issue 30). Null until the first send-back or reopening.
     */
    dueAgainOn: date('due_again_on', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('term_returns_institution_period_key').on(t.institutionId, t.periodId),
    index('term_returns_period_idx').on(t.periodId),
    check('term_returns_state', sql`${t.state} IN ('open', 'submitted', 'approved', 'reopened')`),
  ],
);

/** A return's history: every transition (and zero fill), who, when, from which shown state to which, and why. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => termReturns.id),
    action: text('action').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    reason: text('reason'),
    /** An app admin acting for an institution (zero fill, sign-off) says why; null when the institution acted itself. */
    onBehalfReason: text('on_behalf_reason'),
    /** The new due date a send-back or reopening set. */
    dueAgainOn: date('due_again_on', { mode: 'string' }),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_events_return_idx').on(t.returnId, t.at),
    // ready-for-sign-off: a writer told the sign-off people the return is ready (a mail; the state does not change).
    check(
      'return_events_action',
      sql`${t.action} IN ('submit', 'send-back', 'approve', 'reopen', 'fill-zeros', 'ready-for-sign-off')`,
    ),
  ],
);

/**
 * What disclosure control's cache of per-period verdicts is valid for (decision 022). Triggers (migration 0004) add a
 * row to `data_changes` for every statement that changes what a period's figures rest on: `records` for its records
 * (fiscal year × term, or `*` for all periods when a program's discipline, credential or WIL type changes), `returns`
 * for its returns' states, which only "approved figures only" questions rest on. A period's version is the newest
 * such row; rows are only ever added, so concurrent writers never wait on each other here.
 */
export const dataChanges = pgTable(
  'data_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    term: text('term').notNull(),
  },
  (t) => [
    index('data_changes_period_idx').on(t.kind, t.fiscalYear, t.term, t.seq),
    check('data_changes_kind', sql`${t.kind} IN ('records', 'returns')`),
  ],
);

/** Every fiscal year × term that has ever held a record, kept by the same triggers: the periods a question can touch. */
export const dataPeriods = pgTable(
  'data_periods',
  {
    fiscalYear: text('fiscal_year').notNull(),
    term: text('term').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fiscalYear, t.term] })],
);

/**
 * Releases (issue 27, decision 024): frozen, numbered snapshots of the records of one or more periods, the only source
 * of the figures of institutions a viewer may not read. `id` is the release's number, given in order without gaps.
 * `released_by` is null for a release the schedule made.
 */
export const releases = pgTable('releases', {
  id: integer('id').primaryKey(),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
  releasedBy: integer('released_by').references(() => users.id),
  note: text('note').notNull(),
});

/** The periods a release holds: final when every return of the period was approved at release time, else provisional. */
export const releasePeriods = pgTable(
  'release_periods',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id),
    fiscalYear: text('fiscal_year').notNull(),
    term: text('term').notNull(),
    final: boolean('final').notNull(),
    records: integer('records').notNull(),
    institutions: integer('institutions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.fiscalYear, t.term] }),
    index('release_periods_period_idx').on(t.fiscalYear, t.term, t.releaseId),
  ],
);

/** What a release's records are grouped by, as the programs stood at release time (a later recoding changes nothing). */
export const releasePrograms = pgTable(
  'release_programs',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id),
    id: integer('id').notNull(),
    discipline: text('discipline').notNull(),
    credential: text('credential').notNull(),
    wilType: text('wil_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.id] })],
);

/** The submitted records of a release's periods as they stood: every figure column of `records`, by its own name. */
export const releaseRecords = pgTable(
  'release_records',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id),
    institutionId: integer('institution_id').notNull(),
    programId: integer('program_id').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    term: text('term').notNull(),
    ...Object.fromEntries(COUNT_FIELDS.map((field) => [field, count(field)])),
    ...Object.fromEntries(MONEY_FIELDS.map((field) => [field, money(field)])),
  },
  (t) => [index('release_records_period_idx').on(t.releaseId, t.fiscalYear, t.term)],
);

/**
 * When the schedule releases (one row): a provisional release of a period this many days after its due date (null:
 * never), and a final release of a period once every return of it is approved and its last release is not final.
 */
export const releaseSchedule = pgTable(
  'release_schedule',
  {
    id: integer('id').primaryKey().default(1),
    provisionalDaysAfterDue: integer('provisional_days_after_due'),
    finalWhenApproved: boolean('final_when_approved').notNull().default(true),
    /** Counts the changes: a change sent with the version it was made from is refused when another came between. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    check('release_schedule_single_row', sql`${t.id} = 1`),
    check('release_schedule_days', sql`${t.provisionalDaysAfterDue} IS NULL OR ${t.provisionalDaysAfterDue} BETWEEN 0 AND 365`),
  ],
);
