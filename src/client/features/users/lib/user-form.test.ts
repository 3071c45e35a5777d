import { describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/schemas/user.ts';
import { setLevel } from './privilege-grid-model.ts';
import { changedParts, hasChanges, userToFormValues, validateUserPatch } from './user-form.ts';

const user: User = {
  id: 5,
  username: 'reader',
  prefName: 'Riley Reader',
  email: 'reader@example.ca',
  institution: 'UVic',
  homeInstitution: 1,
  active: true,
  roles: ['user', 'read'],
  privileges: { read: [1, 2], write: [], admin: [], glblAdmin: false, glblRead: false },
};

describe('userToFormValues', () => {
  it('holds the home institution as select text, or empty for none', () => {
    expect(userToFormValues(user).homeInstitution).toBe('1');
    expect(userToFormValues({ ...user, homeInstitution: null }).homeInstitution).toBe('');
  });
});

describe('changedParts', () => {
  const saved = userToFormValues(user);

  it('is empty when nothing changed, even after ticking and unticking', () => {
    const back = { ...saved, access: setLevel(setLevel(saved.access, 3, 'admin', true), 3, 'admin', false) };
    expect(changedParts(saved, back)).toEqual({});
    expect(hasChanges(changedParts(saved, back))).toBe(false);
    expect(changedParts(saved, { ...saved, prefName: ' Riley Reader ' })).toEqual({});
  });

  it('sends only the changed texts, trimmed', () => {
    expect(changedParts(saved, { ...saved, email: ' riley@uvic.ca ' })).toEqual({ email: 'riley@uvic.ca' });
    expect(changedParts(saved, { ...saved, prefName: 'Riley R.' })).toEqual({ prefName: 'Riley R.' });
  });

  it('sends the home institution as an id, or null when cleared', () => {
    expect(changedParts(saved, { ...saved, homeInstitution: '2' })).toEqual({ homeInstitution: 2 });
    expect(changedParts(saved, { ...saved, homeInstitution: '' })).toEqual({ homeInstitution: null });
  });

  it('sends a privilege list whole, and only the lists and flags that changed', () => {
    const granted = { ...saved, access: setLevel(saved.access, 2, 'write', true) };
    expect(changedParts(saved, granted)).toEqual({ privileges: { write: [2] } });
    const removed = { ...saved, access: setLevel(saved.access, 2, 'read', false) };
    expect(changedParts(saved, removed)).toEqual({ privileges: { read: [1] } });
    const global = { ...saved, access: { ...saved.access, glblAdmin: true } };
    expect(changedParts(saved, global)).toEqual({ privileges: { glblAdmin: true } });
    const cleared = { ...saved, access: { ...saved.access, grid: {} }, email: '' };
    expect(changedParts(saved, cleared)).toEqual({ email: '', privileges: { read: [] } });
  });
});

describe('validateUserPatch', () => {
  it('accepts what the server accepts', () => {
    expect(validateUserPatch({ email: 'a@b.ca', privileges: { write: [2] } })).toEqual({});
  });

  it('names the field at fault with the shared schema’s words', () => {
    expect(validateUserPatch({ email: 'not an email' })).toEqual({ email: 'Email must look like name@example.ca' });
    expect(validateUserPatch({ prefName: 'x'.repeat(201) })).toEqual({
      prefName: 'Preferred name must be at most 200 characters',
    });
  });
});
