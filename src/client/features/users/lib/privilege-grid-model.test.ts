import { describe, expect, it } from 'vitest';
import { NO_PRIVILEGES } from '../../../../shared/schemas/profile.ts';
import {
  accessToPrivileges,
  clearGrid,
  grantedCount,
  gridRows,
  levelsOf,
  previewRoles,
  privilegesToAccess,
  setLevel,
} from './privilege-grid-model.ts';

const reader = { read: [2, 1], write: [], admin: [], glblAdmin: false, glblRead: false };

describe('privileges ↔ grid', () => {
  it('reads each list into rows per institution', () => {
    const access = privilegesToAccess({ read: [1, 2], write: [2], admin: [3], glblAdmin: false, glblRead: true });
    expect(access.grid).toEqual({
      1: { read: true, write: false, admin: false },
      2: { read: true, write: true, admin: false },
      3: { read: false, write: false, admin: true },
    });
    expect(access.glblRead).toBe(true);
    expect(access.glblAdmin).toBe(false);
  });

  it('writes back the same privileges, lists sorted by id', () => {
    const privileges = { read: [9, 1, 4], write: [4], admin: [9], glblAdmin: true, glblRead: false };
    expect(accessToPrivileges(privilegesToAccess(privileges))).toEqual({
      read: [1, 4, 9],
      write: [4],
      admin: [9],
      glblAdmin: true,
      glblRead: false,
    });
    expect(accessToPrivileges(privilegesToAccess(NO_PRIVILEGES))).toEqual(NO_PRIVILEGES);
  });

  it('ticks and unticks boxes; a row with nothing ticked goes away', () => {
    let access = privilegesToAccess(reader);
    access = setLevel(access, 2, 'write', true);
    expect(accessToPrivileges(access)).toMatchObject({ read: [1, 2], write: [2] });
    access = setLevel(access, 2, 'read', false);
    access = setLevel(access, 2, 'write', false);
    expect(access.grid[2]).toBeUndefined();
    expect(levelsOf(access, 2)).toEqual({ read: false, write: false, admin: false });
    expect(grantedCount(access)).toBe(1);
  });

  it('does not change the state it was given', () => {
    const access = privilegesToAccess(reader);
    setLevel(access, 1, 'admin', true);
    clearGrid(access);
    expect(accessToPrivileges(access)).toEqual({ ...reader, read: [1, 2] });
  });

  it('"Clear all" empties the grid and keeps the global flags', () => {
    const access = clearGrid(privilegesToAccess({ ...reader, write: [5], glblRead: true }));
    expect(accessToPrivileges(access)).toEqual({ read: [], write: [], admin: [], glblAdmin: false, glblRead: true });
  });
});

describe('previewRoles', () => {
  it('derives the roles the ticked boxes give, keeping employee from sign-in', () => {
    let access = privilegesToAccess(reader);
    expect(previewRoles(['user', 'read'], access)).toEqual(['user', 'read']);
    access = setLevel(access, 1, 'write', true);
    expect(previewRoles(['user', 'employee', 'read'], access)).toEqual(['user', 'employee', 'read', 'write']);
    access = { ...clearGrid(access), glblAdmin: true };
    expect(previewRoles(['user', 'read', 'write'], access)).toEqual(['user', 'app admin']);
    expect(previewRoles(['user'], { ...access, glblAdmin: false, glblRead: true })).toEqual(['user', 'read']);
  });
});

describe('gridRows', () => {
  const institutions = [
    { id: 1, name: 'University of Victoria', short_name: 'UVic' },
    { id: 2, name: 'Simon Fraser University', short_name: 'SFU' },
    { id: 3, name: 'Camosun College', short_name: 'Camosun' },
    { id: 4, name: 'Old College', short_name: 'Old', active_ind: false },
    { id: 5, name: 'Gone Institute', short_name: 'Gone', active_ind: false },
  ];
  const access = privilegesToAccess({ ...NO_PRIVILEGES, read: [1], write: [4] });
  const ids = (filter: string, only = false) => gridRows(institutions, access, filter, only).map((i) => i.id);

  it('lists active institutions by name, and inactive ones only while they hold access', () => {
    expect(ids('')).toEqual([3, 4, 2, 1]);
  });

  it('finds by name or short name', () => {
    expect(ids('sfu')).toEqual([2]);
    expect(ids('victoria')).toEqual([1]);
    expect(ids('college')).toEqual([3, 4]);
  });

  it('can show only the institutions with access', () => {
    expect(ids('', true)).toEqual([4, 1]);
    expect(ids('old', true)).toEqual([4]);
  });
});
