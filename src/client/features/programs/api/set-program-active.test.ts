import { describe, expect, it } from 'vitest';
import { checkRemoved } from './set-program-active.ts';

const saved = {
  id: 12,
  institution_id: 3,
  name: 'Computer Science Co-op',
  discipline: 'Computer & Information Science',
  credential: "Bachelor's Degree",
  wil_type: 'Co-operative Education',
  coop_model: 'Alternating',
  participation: 'Optional',
  accredited: true,
  cip_code: '11.0701',
  active_ind: false,
  version: 2,
};

describe('checkRemoved', () => {
  it('accepts the saved program, now inactive, or an answer holding the id alone', () => {
    expect(checkRemoved(12, saved)).toEqual(saved);
    expect(checkRemoved(12, { id: 12 })).toBeNull();
  });

  it('says "Failed to remove program" when the answer names another id or is still active', () => {
    expect(() => checkRemoved(12, { ...saved, id: 13 })).toThrow('Failed to remove program');
    expect(() => checkRemoved(12, { ...saved, active_ind: true })).toThrow('Failed to remove program');
    expect(() => checkRemoved(12, null)).toThrow('Failed to remove program');
  });
});
