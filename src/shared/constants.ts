/** Business constants and closed lists shared by the server, the client and the seed. */

export const APP_TITLE = 'B.C. Co-op Education and WIL Statistical Database';

/** docs/product.md §10.3: the value of APP_ENV that marks the development environment. */
export const DEV_ENV = 'D';
/** docs/product.md §10.3: default toast timeout. */
export const TOAST_TIMEOUT_MS = 3200;
/** docs/product.md §10.3: a stale build reloads a given path at most once in this window. */
export const RELOAD_GUARD_MS = 10_000;
/** docs/product.md §10.3: the first build-manifest check waits this long after start. */
export const BUILD_CHECK_DELAY_MS = 1000;

export const MAX_PAGE_SIZE = 500;

export const INSTITUTION_TYPES = [
  'Research-Intensive University',
  'Teaching-Intensive University',
  'College',
  'Institute',
] as const;

/** B.C.'s eight development regions, in the order the province lists them. */
export const REGIONS = [
  'Vancouver Island/Coast',
  'Mainland/Southwest',
  'Thompson-Okanagan',
  'Kootenay',
  'Cariboo',
  'North Coast',
  'Nechako',
  'Northeast',
] as const;

export const DISCIPLINES = [
  'Business & Management',
  'Computer & Information Science',
  'Engineering & Applied Science',
  'Physical & Life Sciences',
  'Health',
  'Social Sciences',
  'Humanities',
  'Education',
  'Fine & Applied Arts',
  'Trades & Technology',
  'Tourism & Hospitality',
  'Agriculture & Natural Resources',
  'Other',
] as const;

export const CREDENTIALS = [
  'Certificate',
  'Diploma',
  'Associate Degree',
  "Bachelor's Degree",
  'Post-Degree',
  "Master's Degree",
  'Doctoral Degree',
] as const;

/** CEWIL Canada's types of work-integrated learning. */
export const WIL_TYPES = [
  'Co-operative Education',
  'Apprenticeship',
  'Internship',
  'Applied Research Project',
  'Entrepreneurship',
  'Field Placement',
  'Mandatory Professional Practice',
  'Service Learning',
  'Work Experience',
] as const;

export const COOP_MODELS = ['Alternating', 'Internship'] as const;
export const PARTICIPATION = ['Mandatory', 'Optional', 'Selective'] as const;

/** Terms in fiscal-year order: a B.C. fiscal year runs April to March. */
export const TERMS = ['Summer', 'Fall', 'Spring'] as const;
export const RECORD_STATUSES = ['draft', 'submitted'] as const;

export type InstitutionType = (typeof INSTITUTION_TYPES)[number];
export type Region = (typeof REGIONS)[number];
export type Discipline = (typeof DISCIPLINES)[number];
export type Credential = (typeof CREDENTIALS)[number];
export type WilType = (typeof WIL_TYPES)[number];
export type Term = (typeof TERMS)[number];
