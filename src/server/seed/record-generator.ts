import { REGIONS, TERMS } from '../../shared/constants.ts';
import type { Discipline, Term } from '../../shared/constants.ts';
import { DURATION_FIELDS, LOCATION_FIELDS, SECTOR_FIELDS } from '../../shared/record-rules.ts';
import type { CountField, MoneyField } from '../../shared/record-rules.ts';
import { institutionProfile } from './institution-profiles.ts';
import { Random, hashSeed } from './random.ts';
import { SEED, TREND_BASE_YEAR } from './seed-constants.ts';

/** What the generator needs to know of a program: read back from the database, so it also fits programs added later. */
export interface ProgramRow {
  id: number;
  institutionId: number;
  institutionShortName: string;
  institutionType: string;
  region: string;
  discipline: string;
  credential: string;
  wilType: string;
  coopModel: string | null;
  activeInd: boolean;
}

/**
 * The figures of a generated record, by their field names in `src/shared/record-rules.ts`: a field added there does not
 * compile here until the generator gives it a value.
 */
export type GeneratedFigures = Record<CountField, number> & Record<MoneyField, string>;

/** One generated record, every count consistent with the validation rules of docs/product.md §4.4. */
export interface GeneratedRecord extends GeneratedFigures {
  institutionId: number;
  programId: number;
  fiscalYear: string;
  term: Term;
  notes: string | null;
  status: 'draft' | 'submitted';
  /** ISO timestamp, UTC: when the figures were reported, a few weeks after the term ended. */
  createdAt: string;
}

/** A program's stable character: its size, trend, seasons and mix, drawn once from its id. */
export interface ProgramModel {
  id: number;
  institutionId: number;
  /** Fiscal years (by starting calendar year) in which the program reports; open ends are ±Infinity. */
  startYear: number;
  endYear: number;
  baseEnrolment: number;
  growth: number;
  seekShare: readonly [number, number, number];
  placeRate: number;
  durationWeights: readonly number[];
  locationWeights: readonly number[];
  sectorWeights: readonly number[];
  employerRatio: number;
  newEmployerRate: number;
  intlShare: number;
  indigenousShare: number;
  disabilityShare: number;
  wageBase: number;
  feeBase: number;
  intlFeeFactor: number;
}

/** `2024` → `2024/25`; `692` → `0692/93`. */
export function formatFiscalYear(startYear: number): string {
  return `${String(startYear).padStart(4, '0')}/${String((startYear + 1) % 100).padStart(2, '0')}`;
}

const DISCIPLINE_SCALE: Record<Discipline, number> = {
  'Business & Management': 1.4,
  'Computer & Information Science': 1.4,
  'Engineering & Applied Science': 1.1,
  'Physical & Life Sciences': 0.8,
  Health: 1.0,
  'Social Sciences': 0.8,
  Humanities: 0.5,
  Education: 0.9,
  'Fine & Applied Arts': 0.6,
  'Trades & Technology': 0.9,
  'Tourism & Hospitality': 0.7,
  'Agriculture & Natural Resources': 0.6,
  Other: 0.8,
};

/** Average hourly wage of a 2016/17 work term by field, in dollars (B.C. minimum wage was $10.85 then). */
const WAGE_2016: Record<Discipline, number> = {
  'Business & Management': 18.5,
  'Computer & Information Science': 22,
  'Engineering & Applied Science': 21.5,
  'Physical & Life Sciences': 18,
  Health: 20,
  'Social Sciences': 17,
  Humanities: 16.5,
  Education: 17.5,
  'Fine & Applied Arts': 16.5,
  'Trades & Technology': 20.5,
  'Tourism & Hospitality': 15.5,
  'Agriculture & Natural Resources': 18.5,
  Other: 18,
};

/** Private, public, non-profit shares of work terms by field. */
const SECTORS: Record<Discipline, readonly number[]> = {
  'Business & Management': [75, 18, 7],
  'Computer & Information Science': [72, 23, 5],
  'Engineering & Applied Science': [70, 27, 3],
  'Physical & Life Sciences': [45, 45, 10],
  Health: [20, 70, 10],
  'Social Sciences': [30, 40, 30],
  Humanities: [35, 35, 30],
  Education: [10, 80, 10],
  'Fine & Applied Arts': [60, 15, 25],
  'Trades & Technology': [88, 10, 2],
  'Tourism & Hospitality': [85, 8, 7],
  'Agriculture & Natural Resources': [45, 45, 10],
  Other: [40, 35, 25],
};

const CREDENTIAL_SCALE: Record<string, { size: number; wage: number }> = {
  Certificate: { size: 0.8, wage: 0.92 },
  Diploma: { size: 1, wage: 0.96 },
  'Associate Degree': { size: 0.8, wage: 0.95 },
  "Bachelor's Degree": { size: 1, wage: 1 },
  'Post-Degree': { size: 0.6, wage: 1.05 },
  "Master's Degree": { size: 0.45, wage: 1.18 },
  'Doctoral Degree': { size: 0.2, wage: 1.25 },
};

/** Regions whose employers take a university's students after its own (main campus decides). */
const NEIGHBOURS: Record<string, readonly string[]> = {
  'Vancouver Island/Coast': ['Mainland/Southwest', 'North Coast'],
  'Mainland/Southwest': ['Vancouver Island/Coast', 'Thompson-Okanagan'],
  'Thompson-Okanagan': ['Mainland/Southwest', 'Kootenay', 'Cariboo'],
  Kootenay: ['Thompson-Okanagan'],
  Cariboo: ['Thompson-Okanagan', 'Nechako', 'Northeast'],
  'North Coast': ['Nechako', 'Vancouver Island/Coast'],
  Nechako: ['Cariboo', 'North Coast', 'Northeast'],
  Northeast: ['Cariboo', 'Nechako'],
};

const NOTES = [
  'Figures confirmed with the program co-ordinator.',
  'Employer counts revised after the end-of-term survey.',
  'Average wage excludes two unpaid placements.',
  'Includes students placed through the provincial WIL innovation fund.',
  'Several placements were completed remotely, with employers outside the region.',
];

function isUniversity(institutionType: string): boolean {
  return institutionType.endsWith('University');
}

function asDiscipline(name: string): Discipline {
  return (name in DISCIPLINE_SCALE ? name : 'Other') as Discipline;
}

/** What the program's row cannot tell: its institution is outside B.C. (the large data set's generated ones). */
export interface ProgramContext {
  outOfProvince?: boolean;
}

/** The generation parameters of a program: the same row always gives the same model. */
export function programModel(row: ProgramRow, context: ProgramContext = {}): ProgramModel {
  const rng = new Random(hashSeed(SEED, 2, row.id));
  const inst = institutionProfile(row.institutionShortName, row.institutionType);
  const discipline = asDiscipline(row.discipline);
  const credential = CREDENTIAL_SCALE[row.credential] ?? { size: 1, wage: 1 };
  const coop = row.wilType === 'Co-operative Education';
  const university = isUniversity(row.institutionType);

  // Programs since deactivated stopped reporting a few years ago; a few active ones are recent.
  let startYear = -Infinity;
  let endYear = Infinity;
  if (!row.activeInd) endYear = rng.int(2018, 2023);
  else if (rng.chance(0.08)) startYear = rng.int(2018, 2023);

  const baseEnrolment = Math.max(
    6,
    inst.typicalEnrolment * DISCIPLINE_SCALE[discipline] * credential.size * rng.between(0.6, 1.5),
  );
  // Universities place most co-op students in the summer; colleges' practicums close the year in spring.
  const seasons: readonly [number, number, number] = university
    ? coop
      ? [0.52, 0.34, 0.36]
      : [0.45, 0.28, 0.38]
    : [0.36, 0.3, 0.52];
  const seasonScale = rng.between(0.85, 1.15);

  const intlBoost = discipline === 'Business & Management' || discipline === 'Computer & Information Science' ? 1.3 : 1;
  // An institution outside B.C. has a B.C. region only as a stand-in (see national-institutions.ts): it says nothing.
  let wageRegion = 1;
  if (!context.outOfProvince && row.region === 'Mainland/Southwest') wageRegion = 1.03;
  else if (!context.outOfProvince && row.region === 'Northeast') wageRegion = 1.06;

  return {
    id: row.id,
    institutionId: row.institutionId,
    startYear,
    endYear,
    baseEnrolment,
    growth: Math.min(0.09, Math.max(-0.03, rng.normal(coop ? 0.035 : 0.02, 0.025))),
    seekShare: [seasons[0] * seasonScale, seasons[1] * seasonScale, seasons[2] * seasonScale],
    placeRate: coop ? rng.between(0.82, 0.95) : rng.between(0.88, 0.99),
    durationWeights: durationWeights(row.wilType, row.coopModel),
    locationWeights: context.outOfProvince ? outOfProvinceLocationWeights(inst.family) : locationWeights(row.region, inst.family),
    sectorWeights: SECTORS[discipline],
    employerRatio: baseEnrolment > 150 ? rng.between(0.45, 0.7) : rng.between(0.55, 0.9),
    newEmployerRate: rng.between(0.15, 0.35),
    intlShare: Math.min(0.6, inst.intlShare * intlBoost * rng.between(0.7, 1.3)),
    indigenousShare: Math.min(0.9, inst.indigenousShare * rng.between(0.7, 1.3)),
    disabilityShare: inst.disabilityShare * rng.between(0.7, 1.3),
    wageBase: WAGE_2016[discipline] * credential.wage * wageRegion * rng.between(0.94, 1.06),
    feeBase: coop
      ? row.institutionType === 'Research-Intensive University'
        ? rng.between(720, 860)
        : university
          ? rng.between(520, 700)
          : rng.between(380, 560)
      : rng.between(120, 320),
    intlFeeFactor: coop ? rng.between(1.6, 2.4) : rng.between(1.5, 2.0),
  };
}

function durationWeights(wilType: string, coopModel: string | null): readonly number[] {
  if (wilType === 'Co-operative Education') return coopModel === 'Internship' ? [30, 25, 45] : [84, 13, 3];
  if (wilType === 'Internship') return [60, 25, 15];
  if (wilType === 'Apprenticeship') return [45, 35, 20];
  if (wilType === 'Applied Research Project') return [80, 18, 2];
  return [94, 5, 1];
}

function locationWeights(region: string, family: string): readonly number[] {
  const weights = REGIONS.map(() => 0.6);
  const own = REGIONS.indexOf(region as (typeof REGIONS)[number]);
  const mainland = REGIONS.indexOf('Mainland/Southwest');
  if (own >= 0) weights[own] = own === mainland ? 80 : 68;
  // Metro Vancouver's employers hire from every campus.
  if (own !== mainland) weights[mainland] = 12;
  for (const neighbour of NEIGHBOURS[region] ?? []) {
    const i = REGIONS.indexOf(neighbour as (typeof REGIONS)[number]);
    if (i >= 0 && i !== mainland) weights[i] = 4;
  }
  const research = family === 'research';
  weights.push(research ? 5 : family === 'graduate' ? 8 : 3); // other Canada
  weights.push(research || family === 'art' ? 3 : 1); // international
  return weights;
}

/** Students of an institution elsewhere in Canada work mostly in their own province ("other Canada"), a few in B.C. */
function outOfProvinceLocationWeights(family: string): readonly number[] {
  const weights: number[] = REGIONS.map((region) => (region === 'Mainland/Southwest' ? 1.5 : 0.15));
  weights.push(90); // other Canada
  weights.push(family === 'research' ? 4 : 1.5); // international
  return weights;
}

/** Whether the program reports in the fiscal year starting in `year`. */
export function reportsIn(model: ProgramModel, year: number): boolean {
  return year >= model.startYear && year <= model.endYear;
}

/** `base^exponent` for an integer exponent by repeated multiplication, so every engine gives the same bits. */
function powInt(base: number, exponent: number): number {
  let result = 1;
  const factor = exponent < 0 ? 1 / base : base;
  for (let i = Math.abs(exponent); i > 0; i--) result *= factor;
  return result;
}

function cents(amount: number): string {
  const total = Math.max(0, Math.round(amount * 100));
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
}

/** A split's parts by its fields, in order (`weights` has one per field: a field added to a split needs its weight). */
function byField<F extends CountField>(fields: readonly F[], parts: readonly number[]): Record<F, number> {
  if (parts.length !== fields.length) {
    throw new Error(`The generator gives ${parts.length} weights for the ${fields.length} fields ${fields.join(', ')}`);
  }
  return Object.fromEntries(fields.map((field, i) => [field, parts[i]])) as Record<F, number>;
}

function jittered(rng: Random, weights: readonly number[], spread: number): number[] {
  return weights.map((w) => rng.jitter(w, spread));
}

/** When a term's figures were reported: two to six weeks after the term ended, in office hours (UTC). */
function reportedAt(rng: Random, year: number, term: Term): string {
  const [calendarYear, month] = term === 'Summer' ? [year, 8] : term === 'Fall' ? [year + 1, 0] : [year + 1, 4];
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, takes years below 100 literally (the large data set goes back centuries).
  date.setUTCFullYear(calendarYear, month, 1 + rng.int(14, 42));
  date.setUTCHours(rng.int(16, 23), rng.int(0, 59), rng.int(0, 59), 0);
  return date.toISOString();
}

const COVID_YEARS: Record<number, { seek: number; place: number }> = {
  2020: { seek: 0.85, place: 0.78 },
  2021: { seek: 0.95, place: 0.92 },
};

/**
 * The three terms' records of a program for the fiscal year starting in `year`; some of `checking`'s records (the
 * term still being checked, if it is in this year) are drafts.
 */
export function generateProgramYear(model: ProgramModel, year: number, checking: Term | null = null): GeneratedRecord[] {
  const rng = new Random(hashSeed(SEED, 3, model.id, year));
  // Trends run from a little before TREND_BASE_YEAR on, whenever the demo is seeded; older years (large data sets
  // only) stay flat.
  const t = Math.max(2004, year) - TREND_BASE_YEAR;
  const yearsRunning = year - model.startYear;
  const ramp = yearsRunning === 0 ? 0.5 : yearsRunning === 1 ? 0.8 : 1;
  const level = model.baseEnrolment * powInt(1 + model.growth, t) * ramp * rng.between(0.95, 1.05);
  const covid = COVID_YEARS[year] ?? { seek: 1, place: 1 };
  const fiscalYear = formatFiscalYear(year);
  const wageLevel = model.wageBase * powInt(1.035, t);
  const feeDomestic = Math.round((model.feeBase * powInt(1.025, t)) / 5) * 5;
  const feeInternational = Math.max(feeDomestic + 5, Math.round((feeDomestic * model.intlFeeFactor) / 5) * 5);

  return TERMS.map((term, i) => {
    const enrolled = Math.max(2, rng.round(rng.jitter(level * (i === 0 ? 0.95 : 1), 0.06)));
    const seeking = Math.min(enrolled, rng.round(rng.jitter(enrolled * (model.seekShare[i] as number) * covid.seek, 0.08)));
    const placed = Math.min(seeking, rng.round(rng.jitter(seeking * model.placeRate * covid.place, 0.04)));
    const employersTotal =
      placed === 0 ? 0 : Math.min(placed, Math.max(1, rng.round(rng.jitter(placed * model.employerRatio, 0.08))));
    return {
      institutionId: model.institutionId,
      programId: model.id,
      fiscalYear,
      term,
      students_enrolled: enrolled,
      students_seeking: seeking,
      students_placed: placed,
      ...byField(DURATION_FIELDS, rng.split(placed, jittered(rng, model.durationWeights, 0.25))),
      ...byField(LOCATION_FIELDS, rng.split(placed, jittered(rng, model.locationWeights, 0.3))),
      ...byField(SECTOR_FIELDS, rng.split(placed, jittered(rng, model.sectorWeights, 0.2))),
      employers_total: employersTotal,
      employers_new: Math.min(employersTotal, rng.round(rng.jitter(employersTotal * model.newEmployerRate, 0.2))),
      intl_students: Math.min(placed, rng.round(rng.jitter(placed * model.intlShare, 0.25))),
      indigenous_students: Math.min(placed, rng.round(rng.jitter(placed * model.indigenousShare, 0.3))),
      students_with_disability: Math.min(placed, rng.round(rng.jitter(placed * model.disabilityShare, 0.3))),
      avg_hourly_wage: cents(rng.jitter(wageLevel, 0.025)),
      coop_fee_domestic: cents(feeDomestic),
      coop_fee_international: cents(feeInternational),
      notes: rng.chance(year === 2020 ? 0.08 : 0.015) ? rng.pick(NOTES) : null,
      // The term still being checked has drafts at some institutions.
      status: term === checking && rng.chance(0.15) ? 'draft' : 'submitted',
      createdAt: reportedAt(rng, year, term),
    };
  });
}
