import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, DISCIPLINES, INSTITUTION_TYPES, REGIONS, WIL_TYPES } from '../../shared/constants.ts';
import { COUNT_FIELDS, DEMOGRAPHIC_FIELDS, MONEY_FIELDS, WORK_TERM_SPLITS } from '../../shared/record-rules.ts';
import { INSTITUTIONS } from './institutions-data.ts';
import { buildProgramSeeds } from './programs-data.ts';
import { formatFiscalYear, generateProgramYear, programModel, reportsIn } from './record-generator.ts';
import type { GeneratedRecord, ProgramRow } from './record-generator.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The rules of docs/product.md §4.4 a generated record must pass; the names of those it breaks (a count's by its field). */
function brokenRules(r: GeneratedRecord): string[] {
  const broken: string[] = COUNT_FIELDS.filter((field) => !(Number.isSafeInteger(r[field]) && r[field] >= 0)).map(
    (field) => `counts: ${field}`,
  );
  if (r.students_placed > r.students_seeking || r.students_seeking > r.students_enrolled)
    broken.push('placed ≤ seeking ≤ enrolled');
  for (const [name, split] of Object.entries(WORK_TERM_SPLITS)) {
    if (sum(split.fields.map((field) => r[field])) !== r.students_placed) broken.push(`${name}s`);
  }
  if (r.employers_new > r.employers_total || r.employers_total > r.students_placed) broken.push('employers');
  if (Math.max(...DEMOGRAPHIC_FIELDS.map((field) => r[field])) > r.students_placed) broken.push('demographics');
  if (!MONEY_FIELDS.every((field) => /^\d+\.\d{2}$/.test(r[field]))) broken.push('money');
  if (Number(r.coop_fee_international) <= Number(r.coop_fee_domestic)) broken.push('international fee');
  if (!/^\d{4}\/\d{2}$/.test(r.fiscalYear)) broken.push('fiscal year');
  return broken;
}

describe('formatFiscalYear', () => {
  it('writes YYYY/YY with the second part the next year modulo 100', () => {
    expect(formatFiscalYear(2024)).toBe('2024/25');
    expect(formatFiscalYear(1999)).toBe('1999/00');
    expect(formatFiscalYear(692)).toBe('0692/93');
    expect(formatFiscalYear(0)).toBe('0000/01');
  });
});

describe('generateProgramYear', () => {
  const programRow = fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    institutionId: fc.integer({ min: 1, max: 100 }),
    institutionShortName: fc.constantFrom('UBC', 'NVIT', 'Camosun', 'Unknown U'),
    institutionType: fc.constantFrom(...INSTITUTION_TYPES),
    region: fc.constantFrom(...REGIONS),
    discipline: fc.constantFrom(...DISCIPLINES),
    credential: fc.constantFrom(...CREDENTIALS),
    wilType: fc.constantFrom(...WIL_TYPES),
    coopModel: fc.constantFrom('Alternating', 'Internship', null),
    activeInd: fc.boolean(),
  }) satisfies fc.Arbitrary<ProgramRow>;

  it('makes only records that pass every validation rule, in any year', () => {
    fc.assert(
      fc.property(programRow, fc.integer({ min: 0, max: 2025 }), (row, year) => {
        const records = generateProgramYear(programModel(row), year);
        expect(records.map((r) => r.term)).toEqual(['Summer', 'Fall', 'Spring']);
        for (const record of records) expect(brokenRules(record)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it('is deterministic', () => {
    const row: ProgramRow = {
      id: 17,
      institutionId: 1,
      institutionShortName: 'UBC',
      institutionType: 'Research-Intensive University',
      region: 'Mainland/Southwest',
      discipline: 'Computer & Information Science',
      credential: "Bachelor's Degree",
      wilType: 'Co-operative Education',
      coopModel: 'Alternating',
      activeInd: true,
    };
    expect(generateProgramYear(programModel(row), 2021)).toEqual(generateProgramYear(programModel({ ...row }), 2021));
  });

  it('stops an inactive program reporting before the latest years', () => {
    const model = programModel({
      id: 3,
      institutionId: 1,
      institutionShortName: 'UVic',
      institutionType: 'Research-Intensive University',
      region: 'Vancouver Island/Coast',
      discipline: 'Humanities',
      credential: "Bachelor's Degree",
      wilType: 'Internship',
      coopModel: null,
      activeInd: false,
    });
    expect(reportsIn(model, 2016)).toBe(true);
    expect(reportsIn(model, 2024)).toBe(false);
  });
});

describe('buildProgramSeeds', () => {
  const seeds = buildProgramSeeds();

  it('gives every institution a plausible number of uniquely named programs, about 250 in all', () => {
    expect(seeds.length).toBeGreaterThanOrEqual(200);
    expect(seeds.length).toBeLessThanOrEqual(300);
    for (const institution of INSTITUTIONS) {
      const own = seeds.filter((s) => s.institutionShortName === institution.shortName);
      expect(own.length).toBeGreaterThanOrEqual(5);
      expect(own.length).toBeLessThanOrEqual(16);
      expect(new Set(own.map((s) => s.name.toLowerCase())).size).toBe(own.length);
      expect(own.some((s) => s.activeInd)).toBe(true);
    }
  });

  it('keeps to the closed lists and the co-op model rule', () => {
    for (const s of seeds) {
      expect(DISCIPLINES).toContain(s.discipline);
      expect(CREDENTIALS).toContain(s.credential);
      expect(WIL_TYPES).toContain(s.wilType);
      expect(s.coopModel !== null).toBe(s.wilType === 'Co-operative Education');
      if (s.cipCode !== null) expect(s.cipCode).toMatch(/^\d{2}\.\d{4}$/);
    }
    expect(seeds.filter((s) => s.cipCode === null).length).toBeGreaterThan(0);
    expect(seeds.filter((s) => !s.activeInd).length).toBeGreaterThan(0);
  });

  it('is the same list every time', () => {
    expect(buildProgramSeeds()).toEqual(seeds);
  });
});
