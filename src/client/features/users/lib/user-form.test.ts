import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/schemas/user.ts';
import { LEVELS, levelsOf, setLevel } from './privilege-grid-model.ts';
import {
  changedParts,
  hasChanges,
  mergeStaleUser,
  userStaleRows,
  userToFormValues,
  validateUserPatch,
  type UserFormValues,
} from './user-form.ts';

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
  version: 1,
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

describe('a stale save of a user, merged (decision 044)', () => {
  const INSTITUTIONS = [1, 2, 3];
  const form: fc.Arbitrary<UserFormValues> = fc
    .record({
      prefName: fc.constantFrom('', 'Riley', 'Riley Reader'),
      email: fc.constantFrom('r@example.ca', 'riley@example.ca'),
      homeInstitution: fc.constantFrom('', '1', '2'),
      boxes: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
      glblAdmin: fc.boolean(),
      glblRead: fc.boolean(),
    })
    .map(({ boxes, glblAdmin, glblRead, ...details }) => {
      let access = { grid: {}, glblAdmin, glblRead };
      INSTITUTIONS.forEach((id, i) =>
        LEVELS.forEach((level, j) => {
          access = setLevel(access, id, level, boxes[i * 3 + j]!);
        }),
      );
      return { ...details, access };
    });

  it('keeps each box and detail the person changed, and theirs everywhere else', () => {
    fc.assert(
      fc.property(form, form, form, (loaded, yours, theirs) => {
        const merged = mergeStaleUser(yours, loaded, theirs);
        for (const id of INSTITUTIONS) {
          for (const level of LEVELS) {
            const mine = levelsOf(yours.access, id)[level];
            const expected = mine !== levelsOf(loaded.access, id)[level] ? mine : levelsOf(theirs.access, id)[level];
            expect(levelsOf(merged.access, id)[level]).toBe(expected);
          }
        }
        for (const key of ['prefName', 'email', 'homeInstitution'] as const)
          expect(merged[key]).toBe(yours[key] !== loaded[key] ? yours[key] : theirs[key]);
        for (const flag of ['glblAdmin', 'glblRead'] as const)
          expect(merged.access[flag]).toBe(yours.access[flag] !== loaded.access[flag] ? yours.access[flag] : theirs.access[flag]);
        // Only ticked rows are kept, as the grid keeps them.
        for (const row of Object.values(merged.access.grid)) expect(Object.values(row).some(Boolean)).toBe(true);
      }),
    );
  });

  it('names each differing box by its level and institution', () => {
    const loaded = userToFormValues(user);
    const theirs = { ...loaded, access: setLevel(loaded.access, 2, 'read', false) };
    const yours = { ...loaded, email: 'riley@example.ca', access: setLevel(loaded.access, 3, 'write', true) };
    const merged = mergeStaleUser(yours, loaded, theirs);
    const words = {
      fields: { prefName: 'Preferred name', email: 'Email', homeInstitution: 'Home institution' },
      flags: { glblAdmin: 'App admin', glblRead: 'Reads every institution' },
      box: (level: string, institution: string) => `${level} on ${institution}`,
      noHome: 'No home institution',
    };
    const institutions = [1, 2, 3].map((id) => ({ id, name: `Institution ${id}`, short_name: `I${id}` }));
    expect(userStaleRows(merged, theirs, institutions, words)).toEqual([
      { key: 'email', label: 'Email', theirs: 'reader@example.ca', yours: 'riley@example.ca' },
      { key: 'write-3', label: 'write on I3', theirs: 'No', yours: 'Yes' },
    ]);
    // Their removal of read on institution 2 stands: this person never touched that box.
    expect(levelsOf(merged.access, 2).read).toBe(false);
  });
});
