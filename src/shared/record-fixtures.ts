import fc from 'fast-check';
import { DEMOGRAPHIC_FIELDS, DURATION_FIELDS, LOCATION_FIELDS, SECTOR_FIELDS, type CountField } from './record-rules.ts';

/**
 * Test data shared by the server's, the client's and the shared rules' tests: the counts of a complete, consistent
 * record (42 placed of 50 seeking of 100 enrolled; each work-term split adds up to 42). Imported by tests only.
 */
export const VALID_RECORD_COUNTS: Record<CountField, number> = {
  students_enrolled: 100,
  students_seeking: 50,
  students_placed: 42,
  wt_4_month: 30,
  wt_8_month: 10,
  wt_12_month_plus: 2,
  wt_vancouver_island_coast: 20,
  wt_mainland_southwest: 10,
  wt_thompson_okanagan: 5,
  wt_kootenay: 2,
  wt_cariboo: 1,
  wt_north_coast: 1,
  wt_nechako: 1,
  wt_northeast: 0,
  wt_other_canada: 1,
  wt_international: 1,
  wt_private: 30,
  wt_public: 10,
  wt_nonprofit: 2,
  employers_total: 30,
  employers_new: 5,
  intl_students: 5,
  indigenous_students: 2,
  students_with_disability: 3,
};

/** `total` split into `parts` non-negative whole numbers. */
export const partition = (total: number, parts: number) =>
  fc.array(fc.integer({ min: 0, max: total }), { minLength: parts - 1, maxLength: parts - 1 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), total];
    return points.slice(1).map((p, i) => p - points[i]!);
  });

/** `values` by `fields`, in order. */
const byField = <F extends string, T>(fields: readonly F[], values: readonly T[]) =>
  Object.fromEntries(fields.map((field, i) => [field, values[i]])) as Record<F, T>;

/**
 * Random counts of a complete, consistent record, each drawn by the rule of its group in record-rules.ts: a field added
 * to a group is drawn with nothing more to write, and a count in a group not drawn here does not compile.
 */
export const validCountsArbitrary: fc.Arbitrary<Record<CountField, number>> = fc
  .record({ placed: fc.nat(5000), extraSeeking: fc.nat(500), extraEnrolled: fc.nat(500), employers: fc.nat(3000) })
  .chain(({ placed, extraSeeking, extraEnrolled, employers }) =>
    fc.record({
      students_placed: fc.constant(placed),
      students_seeking: fc.constant(placed + extraSeeking),
      students_enrolled: fc.constant(placed + extraSeeking + extraEnrolled),
      duration: partition(placed, DURATION_FIELDS.length),
      location: partition(placed, LOCATION_FIELDS.length),
      sector: partition(placed, SECTOR_FIELDS.length),
      employers_total: fc.constant(employers),
      employers_new: fc.integer({ min: 0, max: employers }),
      ...byField(
        DEMOGRAPHIC_FIELDS,
        DEMOGRAPHIC_FIELDS.map(() => fc.integer({ min: 0, max: placed })),
      ),
    }),
  )
  .map(({ duration, location, sector, ...rest }) => ({
    ...rest,
    ...byField(DURATION_FIELDS, duration),
    ...byField(LOCATION_FIELDS, location),
    ...byField(SECTOR_FIELDS, sector),
  }));
