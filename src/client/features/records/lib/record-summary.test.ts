import { describe, expect, it } from 'vitest';
import { requiredToSubmitMessage } from '../../../../shared/record-rules.ts';
import { EMPTY_RECORD_FORM, validateRecordForm } from './record-form-model.ts';
import { recordSummaryItems } from './record-summary.ts';

const chosen = { ...EMPTY_RECORD_FORM, institution_id: '1', program_id: '2', fiscal_year: '2024/25', term: 'Fall' };

describe('recordSummaryItems', () => {
  it('says every empty figure of a submitted record once, with a link to each', () => {
    const errors = validateRecordForm(chosen, 'submitted');
    const items = recordSummaryItems(errors);
    const grouped = items.filter((item) => item.links);
    expect(grouped).toHaveLength(1);
    const group = grouped[0]!;
    expect(group.message).toMatch(/^\d+ figures are empty/);
    expect(group.links!.length).toBeGreaterThan(10);
    expect(group.message.startsWith(`${group.links!.length} figures`)).toBe(true);
    expect(group.links![0]).toEqual({ label: 'Students enrolled', fieldId: 'record-students-enrolled' });
    expect(items.some((item) => /is required to submit/.test(item.message))).toBe(false);
  });

  it('keeps other errors on their own lines, in form order around the group', () => {
    const errors = {
      program_id: 'Choose a program',
      students_enrolled: requiredToSubmitMessage('students_enrolled'),
      students_placed: requiredToSubmitMessage('students_placed'),
      notes: 'Notes are too long',
    };
    const items = recordSummaryItems(errors, ['The server said no']);
    expect(items.map((item) => item.message)).toEqual([
      'Choose a program',
      expect.stringMatching(/^2 figures are empty/),
      'Notes are too long',
      'The server said no',
    ]);
    expect(items[1]!.links!.map((link) => link.fieldId)).toEqual(['record-students-enrolled', 'record-students-placed']);
  });

  it('leaves a single empty figure as its own sentence', () => {
    const message = requiredToSubmitMessage('students_placed');
    expect(recordSummaryItems({ students_placed: message })).toEqual([{ message, fieldId: 'record-students-placed' }]);
  });
});
