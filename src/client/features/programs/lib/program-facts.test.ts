import { describe, expect, it } from 'vitest';
import type { Program } from '../../../../shared/schemas/program.ts';
import { programFacts } from './program-facts.ts';

const program: Program = {
  id: 4,
  institution_id: 2,
  name: 'Engineering Co-op',
  discipline: 'Engineering',
  credential: 'Bachelor',
  wil_type: 'Co-operative Education',
  coop_model: null,
  participation: 'Mandatory',
  accredited: true,
  cip_code: null,
  active_ind: false,
} as unknown as Program;

describe('programFacts', () => {
  it('lists every detail in the form’s order, saying what was not given', () => {
    const facts = programFacts(program, 'UVic – University of Victoria');
    expect(facts.map((f) => f.label)).toEqual([
      'Institution',
      'Program name',
      'Discipline',
      'Credential',
      'WIL type',
      'Co-op model',
      'Participation',
      'CEWIL-accredited',
      'CIP code',
    ]);
    expect(facts[0]!.value).toBe('UVic – University of Victoria');
    expect(facts.find((f) => f.label === 'CEWIL-accredited')!.value).toBe('Yes');
    expect(facts.find((f) => f.label === 'CIP code')!.value).toBe('Not given');
  });

  it('leaves out the co-op model for other kinds of WIL', () => {
    const facts = programFacts({ ...program, wil_type: 'Internship' } as Program, 'UVic');
    expect(facts.map((f) => f.label)).not.toContain('Co-op model');
  });
});
