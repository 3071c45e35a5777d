import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, DISCIPLINES, WIL_TYPES } from '../../shared/constants.ts';
import { InstitutionCreateSchema } from '../../shared/schemas/institution.ts';
import { INSTITUTIONS } from './institutions-data.ts';
import { planLargeDataset } from './large-plan.ts';
import type { ExistingProgram } from './large-plan.ts';
import { NATIONAL_INSTITUTIONS } from './national-institutions.ts';
import type { InstitutionRow } from './program-supply.ts';
import { variantQualifier } from './program-supply.ts';
import { buildProgramSeeds } from './programs-data.ts';
import { FIRST_LARGE_YEAR, reportedTerms, reportingWindow, termCount } from './reporting-window.ts';
import { LAST_YEAR } from './seed-constants.ts';

/** The database a fresh large seed plans against: the 90 institutions (ids in insert order) and the demo's programs. */
const institutions: InstitutionRow[] = [...INSTITUTIONS, ...NATIONAL_INSTITUTIONS].map((i, index) => ({
  id: index + 1,
  shortName: i.shortName,
  institutionType: i.institutionType,
  activeInd: true,
}));
const idOf = new Map(institutions.map((i) => [i.shortName, i.id]));
const demoPrograms: ExistingProgram[] = buildProgramSeeds().map((p) => ({
  institutionId: idOf.get(p.institutionShortName) as number,
  institutionShortName: p.institutionShortName,
  name: p.name,
  activeInd: p.activeInd,
}));

function slotsOf(program: ExistingProgram, years: readonly number[]): number {
  const window = reportingWindow(program.institutionShortName, program.name, program.activeInd);
  return years.reduce((sum, year) => sum + termCount(reportedTerms(window, year)), 0);
}

describe('the generated institutions outside B.C.', () => {
  it('are 65, each valid under the institution schema, with the province in its name and short name', () => {
    expect(NATIONAL_INSTITUTIONS).toHaveLength(65);
    for (const { province, programWeight, ...institution } of NATIONAL_INSTITUTIONS) {
      const parsed = InstitutionCreateSchema.safeParse({
        name: institution.name,
        short_name: institution.shortName,
        name_code: institution.nameCode,
        institution_type: institution.institutionType,
        region: institution.region,
      });
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(institution.name).toMatch(
        /\((Alberta|Saskatchewan|Manitoba|Ontario|Quebec|New Brunswick|Nova Scotia|Prince Edward Island|Newfoundland and Labrador)\)$/,
      );
      expect(institution.shortName.endsWith(`(${province})`)).toBe(true);
      expect(programWeight).toBeGreaterThan(0);
    }
  });

  it('share no short name or name code with each other or the B.C. institutions (both are unique whatever the case)', () => {
    const all = [...INSTITUTIONS, ...NATIONAL_INSTITUTIONS];
    expect(new Set(all.map((i) => i.shortName.toLowerCase())).size).toBe(90);
    expect(new Set(all.map((i) => i.nameCode.toLowerCase())).size).toBe(90);
  });
});

describe('variantQualifier', () => {
  it('names every variant of a field differently, the first with no words added', () => {
    expect(variantQualifier(0)).toBe('');
    const names = Array.from({ length: 2000 }, (_, v) => variantQualifier(v));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('planLargeDataset', () => {
  it('plans a million records as a national data set: twenty years, about 18,000 programs over 90 institutions', () => {
    const plan = planLargeDataset(1_000_000, institutions, demoPrograms);
    expect(plan.years).toEqual(Array.from({ length: 20 }, (_, i) => FIRST_LARGE_YEAR + i));
    expect(plan.years.at(-1)).toBe(LAST_YEAR);
    const programs = demoPrograms.length + plan.programs.length;
    expect(programs).toBeGreaterThan(15_000);
    expect(programs).toBeLessThan(21_000);
    // Passed by less than the last program's records: nothing like a whole year is left to cut.
    expect(plan.slots).toBeGreaterThanOrEqual(1_000_000);
    expect(plan.slots - 1_000_000).toBeLessThan(60);

    const perInstitution = new Map<number, number>();
    for (const p of [...demoPrograms, ...plan.programs])
      perInstitution.set(p.institutionId, (perInstitution.get(p.institutionId) ?? 0) + 1);
    expect(perInstitution.size).toBe(90);
    // In proportion to size: UBC's share against the smallest college's, about the demo's 16 to 6.
    const ubc = perInstitution.get(idOf.get('UBC') as number) as number;
    const cmtn = perInstitution.get(idOf.get('CMTN') as number) as number;
    expect(ubc / cmtn).toBeGreaterThan(2);
    expect(ubc / cmtn).toBeLessThan(3.5);

    const all = [...demoPrograms, ...plan.programs];
    expect(new Set(all.map((p) => `${p.institutionId}|${p.name.toLowerCase()}`)).size).toBe(all.length);
    const outOfList = plan.programs.filter(
      (p) =>
        !DISCIPLINES.includes(p.discipline) ||
        !CREDENTIALS.includes(p.credential) ||
        !WIL_TYPES.includes(p.wilType) ||
        (p.coopModel !== null) !== (p.wilType === 'Co-operative Education'),
    );
    expect(outOfList).toEqual([]);
    const inactive = plan.programs.filter((p) => !p.activeInd).length / plan.programs.length;
    expect(inactive).toBeGreaterThan(0.03);
    expect(inactive).toBeLessThan(0.1);
  });

  it('counts its slots right, passes the count by less than the oldest year holds, never plans more than 20 years', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60_000 }), (records) => {
        const plan = planLargeDataset(records, institutions, demoPrograms);
        const counted = [...demoPrograms, ...plan.programs].reduce((sum, p) => sum + slotsOf(p, plan.years), 0);
        expect(counted).toBe(plan.slots);
        expect(plan.slots).toBeGreaterThanOrEqual(records);
        expect(plan.years.length).toBeGreaterThanOrEqual(1);
        expect(plan.years.length).toBeLessThanOrEqual(20);
        expect(plan.years.at(-1)).toBe(LAST_YEAR);
        const oldest = [...demoPrograms, ...plan.programs].reduce((sum, p) => sum + slotsOf(p, plan.years.slice(0, 1)), 0);
        expect(plan.slots - records).toBeLessThan(Math.max(oldest, 60));
        // Programs are added only once the programs there fill all twenty years.
        if (plan.programs.length > 0) expect(plan.years).toHaveLength(20);
      }),
      { numRuns: 25 },
    );
  });

  it('leaves out late starts, deactivations and gaps: fewer slots than 3 × 20 per program', () => {
    const plan = planLargeDataset(300_000, institutions, demoPrograms);
    const windows = plan.programs.map((p) => reportingWindow(p.institutionShortName, p.name, p.activeInd));
    expect(windows.filter((w) => w.startYear > FIRST_LARGE_YEAR).length).toBeGreaterThan(0);
    expect(windows.filter((w) => w.endYear < LAST_YEAR).length).toBeGreaterThan(0);
    const full = windows.filter((w) => w.startYear === -Infinity && w.endYear === Infinity);
    const gapped = full.filter((w) => plan.years.reduce((sum, y) => sum + termCount(reportedTerms(w, y)), 0) < 60);
    expect(gapped.length / full.length).toBeGreaterThan(0.1);
    expect(gapped.length / full.length).toBeLessThan(0.5);
  });

  it('gives the same plan every time', () => {
    expect(planLargeDataset(50_000, institutions, demoPrograms)).toEqual(planLargeDataset(50_000, institutions, demoPrograms));
  });

  it('adds programs only to active institutions', () => {
    const [first, ...rest] = institutions;
    const plan = planLargeDataset(100_000, [{ ...(first as InstitutionRow), activeInd: false }, ...rest], demoPrograms);
    expect(plan.programs.some((p) => p.institutionId === first?.id)).toBe(false);
  });
});
