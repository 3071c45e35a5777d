import { getTableColumns } from 'drizzle-orm';
import fc from 'fast-check';
import { TERMS } from '../../shared/constants.ts';
import { MONEY_FIELDS, NOTES_TEXT_RULE, type MoneyField } from '../../shared/record-rules.ts';
import { normalizeText, textCharacterError } from '../../shared/schemas/text.ts';
import type { Db } from '../db/client.ts';
import { programs, records } from '../db/schema.ts';
import { VALID_RECORD_COUNTS, validCountsArbitrary } from '../../shared/record-fixtures.ts';

let sequence = 0;

/** Inserts a program of an institution with plausible defaults. */
export async function createProgram(
  db: Db,
  institutionId: number,
  overrides: Partial<typeof programs.$inferInsert> = {},
): Promise<number> {
  const n = ++sequence;
  const [row] = await db
    .insert(programs)
    .values({
      institutionId,
      name: `Test Program ${n}`,
      discipline: 'Computer & Information Science',
      credential: "Bachelor's Degree",
      wilType: 'Co-operative Education',
      coopModel: 'Alternating',
      participation: 'Optional',
      ...overrides,
    })
    .returning({ id: programs.id });
  return row!.id;
}

/**
 * A fiscal year and term no other call of this file has handed out: unique keys for records of one program. They stay
 * within 2300/01–2998/99, above the periods of return-factories.ts's freshPeriodKey (2100/01 on, a few hundred at
 * most) and within the years a record may have (RECORD_FISCAL_YEARS): the API files share these counters (isolate:
 * false), and a record given a period's key by a test would collide with one made here (records are unique per
 * program, fiscal year and term). 2,097 keys before they repeat.
 */
export function nextRecordKey(): { fiscal_year: string; term: (typeof TERMS)[number] } {
  const n = ++sequence;
  const start = 2300 + (Math.floor(n / 3) % 699);
  return { fiscal_year: `${start}/${String((start + 1) % 100).padStart(2, '0')}`, term: TERMS[n % 3]! };
}

/** The figures of a complete, consistent record (42 placed): every rule of docs/product.md §4.4 holds. */
export const VALID_FIGURES = {
  ...VALID_RECORD_COUNTS,
  ...({
    avg_hourly_wage: '23.45',
    coop_fee_domestic: '750.00',
    coop_fee_international: '1200.50',
  } satisfies Record<MoneyField, string>),
};

/** A `PUT /api/programs` body for a valid co-op program. */
export function programBody(institutionId: number, overrides: Record<string, unknown> = {}) {
  return {
    institution_id: institutionId,
    name: 'Computer Science Co-op',
    discipline: 'Computer & Information Science',
    credential: "Bachelor's Degree",
    wil_type: 'Co-operative Education',
    coop_model: 'Alternating',
    participation: 'Optional',
    accredited: true,
    cip_code: '11.0701',
    ...overrides,
  };
}

/** A `PUT /api/records` body for a submitted, valid record; the key is fresh unless given. */
export function recordBody(institutionId: number, programId: number, overrides: Record<string, unknown> = {}) {
  return {
    institution_id: institutionId,
    program_id: programId,
    ...nextRecordKey(),
    ...VALID_FIGURES,
    notes: null,
    status: 'submitted',
    ...overrides,
  };
}

/** Drizzle's property name of each records column, by its SQL (and wire) name. */
const propertyOf = new Map(Object.entries(getTableColumns(records)).map(([property, column]) => [column.name, property]));

/** Inserts a complete, valid, submitted record straight into the database (no audit): for lists and rights tests that need rows fast. */
export async function insertRecord(
  db: Db,
  values: Pick<typeof records.$inferInsert, 'institutionId' | 'programId'> & Partial<typeof records.$inferInsert>,
): Promise<number> {
  const key = nextRecordKey();
  const figures = Object.fromEntries(Object.entries(VALID_FIGURES).map(([name, value]) => [propertyOf.get(name)!, value]));
  const [row] = await db
    .insert(records)
    .values({ fiscalYear: key.fiscal_year, term: key.term, ...figures, status: 'submitted', ...values })
    .returning({ id: records.id });
  return row!.id;
}

const moneyText = fc.option(
  fc.tuple(fc.nat(99_999_999), fc.nat(99)).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`),
);

/** Notes as the API keeps them (NFC, trimmed, no control characters), so they round-trip unchanged. */
export const storedNotesArbitrary = fc
  .string({ unit: 'grapheme', maxLength: 60 })
  .map((text) => normalizeText(text, true))
  .filter((text) => textCharacterError(text, NOTES_TEXT_RULE) === null);

/** Random figures of a complete, consistent record (wire names; money with two decimals, so it round-trips as is). */
export const validFiguresArbitrary = fc
  .record({
    counts: validCountsArbitrary,
    money: fc.record(Object.fromEntries(MONEY_FIELDS.map((field) => [field, moneyText]))),
    notes: fc.option(storedNotesArbitrary),
  })
  .map(({ counts, money, notes }): Record<string, unknown> => ({ ...counts, ...money, notes }));
