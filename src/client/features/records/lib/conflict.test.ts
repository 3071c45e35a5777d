import { describe, expect, it } from 'vitest';
import { conflictFields, defaultChoices, mergeChoices } from './conflict.ts';
import { recordToFormValues } from './record-form-model.ts';
import { wireRecord } from './test-fixtures.ts';

describe('a stale save: my values beside theirs', () => {
  const loaded = wireRecord({ version: 3 });
  // They changed enrolled and notes; I changed enrolled differently, and the wage.
  const current = wireRecord({ version: 4, students_enrolled: 120, notes: 'Their note' });
  const mine = { ...recordToFormValues(loaded), students_enrolled: 110 as const, avg_hourly_wage: '25.00' };

  it('lists each field whose value differs, and who changed it', () => {
    const fields = conflictFields(mine, loaded, current);
    expect(fields.map((f) => f.field)).toEqual(['students_enrolled', 'avg_hourly_wage', 'notes']);
    expect(fields[0]).toEqual({ field: 'students_enrolled', mine: 110, theirs: 120, changedByMe: true, changedByThem: true });
    expect(fields[1]).toMatchObject({ mine: '25.00', theirs: '23.45', changedByMe: true, changedByThem: false });
    expect(fields[2]).toMatchObject({ mine: '', theirs: 'Their note', changedByMe: false, changedByThem: true });
  });

  it('does not list a field both set to the same value, nor money written differently', () => {
    const same = {
      ...recordToFormValues(loaded),
      students_enrolled: 120 as const,
      notes: 'Their note',
      avg_hourly_wage: '23.450',
    };
    expect(conflictFields({ ...same, avg_hourly_wage: '23.45' }, loaded, current)).toEqual([]);
  });

  it('keeps my changes and takes theirs where only they changed something, by default', () => {
    const fields = conflictFields(mine, loaded, current);
    expect(defaultChoices(fields)).toEqual({ students_enrolled: 'mine', avg_hourly_wage: 'mine', notes: 'theirs' });
  });

  it('merges the choices field by field', () => {
    const fields = conflictFields(mine, loaded, current);
    const merged = mergeChoices(mine, current, fields, { students_enrolled: 'theirs', avg_hourly_wage: 'mine', notes: 'mine' });
    expect(merged.students_enrolled).toBe(120);
    expect(merged.avg_hourly_wage).toBe('25.00');
    expect(merged.notes).toBe('');
    const allTheirs = mergeChoices(mine, current, fields, {
      students_enrolled: 'theirs',
      avg_hourly_wage: 'theirs',
      notes: 'theirs',
    });
    expect(allTheirs).toEqual(recordToFormValues(current));
  });
});
