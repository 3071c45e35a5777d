import { describe, expect, it } from 'vitest';
import { NO_PRIVILEGES } from '../../../../shared/schemas/profile.ts';
import { institutionChoices, keepProgramsOf, programChoices } from './record-choices.ts';

const words = { inactive: (label: string) => `${label} (inactive)` };
const institutions = [
  { id: 1, short_name: 'UVic', name: 'University of Victoria', active_ind: true },
  { id: 2, short_name: 'SFU', name: 'Simon Fraser University', active_ind: true },
  { id: 3, short_name: 'BCIT', name: 'British Columbia Institute of Technology', active_ind: false },
];
const programs = [
  { id: 10, institution_id: 1, name: 'Nursing', active_ind: true },
  { id: 11, institution_id: 1, name: 'Computer Science', active_ind: false },
  { id: 20, institution_id: 2, name: 'Business', active_ind: true },
  { id: 30, institution_id: 3, name: 'Welding', active_ind: true },
];
const reader = { ...NO_PRIVILEGES, read: [1, 2] };
const everyone = { ...NO_PRIVILEGES, glblRead: true };

describe('institution choices', () => {
  it('offer only the institutions the user may read, by short name', () => {
    expect(institutionChoices(institutions, reader, words)).toEqual([
      { value: '2', label: 'SFU – Simon Fraser University' },
      { value: '1', label: 'UVic – University of Victoria' },
    ]);
  });

  it('mark inactive institutions', () => {
    expect(institutionChoices(institutions, everyone, words)[0]).toEqual({
      value: '3',
      label: 'BCIT – British Columbia Institute of Technology (inactive)',
    });
  });
});

describe('program choices', () => {
  it('offer programs of readable institutions, named with their institution', () => {
    expect(programChoices(programs, institutions, reader, [], words).map((c) => c.label)).toEqual([
      'SFU – Business',
      'UVic – Computer Science (inactive)',
      'UVic – Nursing',
    ]);
  });

  it('are limited to the chosen institutions, without the institution when only one is chosen', () => {
    expect(programChoices(programs, institutions, reader, [1], words)).toEqual([
      { value: '11', label: 'Computer Science (inactive)' },
      { value: '10', label: 'Nursing' },
    ]);
    expect(programChoices(programs, institutions, everyone, [2, 3], words).map((c) => c.value)).toEqual(['30', '20']);
  });

  it('keep only chosen programs of the chosen institutions', () => {
    expect(keepProgramsOf([10, 20, 99], programs, [1])).toEqual([10, 99]);
    expect(keepProgramsOf([10, 20], programs, [])).toEqual([10, 20]);
  });
});
