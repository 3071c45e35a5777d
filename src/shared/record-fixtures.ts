import type { CountField } from './record-rules.ts';

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
