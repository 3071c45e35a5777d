import { deriveRoles } from '../../../../shared/permissions.ts';
import type { Privileges, Role } from '../../../../shared/schemas/profile.ts';
import { matchesText } from '../../../ui/list-state.ts';

export const LEVELS = ['read', 'write', 'admin'] as const;
export type Level = (typeof LEVELS)[number];

/** One institution's row of the grid. */
export type LevelFlags = Record<Level, boolean>;

/**
 * The access part of the edit form: per institution, which of read, write and admin are ticked, plus the two global
 * flags. Only institutions with at least one box ticked are kept, so two grids with the same access are equal.
 */
export interface AccessState {
  grid: Record<number, LevelFlags>;
  glblAdmin: boolean;
  glblRead: boolean;
}

const NONE: LevelFlags = { read: false, write: false, admin: false };

export function privilegesToAccess(privileges: Privileges): AccessState {
  const grid: Record<number, LevelFlags> = {};
  for (const level of LEVELS) {
    for (const id of privileges[level]) grid[id] = { ...(grid[id] ?? NONE), [level]: true };
  }
  return { grid, glblAdmin: privileges.glblAdmin, glblRead: privileges.glblRead };
}

/** The privileges the grid stands for: each list sorted by id. */
export function accessToPrivileges(access: AccessState): Privileges {
  const lists: Record<Level, number[]> = { read: [], write: [], admin: [] };
  const ids = Object.keys(access.grid)
    .map(Number)
    .sort((a, b) => a - b);
  for (const id of ids) for (const level of LEVELS) if (access.grid[id]?.[level]) lists[level].push(id);
  return { ...lists, glblAdmin: access.glblAdmin, glblRead: access.glblRead };
}

export function levelsOf(access: AccessState, institutionId: number): LevelFlags {
  return access.grid[institutionId] ?? NONE;
}

/** Ticks or unticks one box; a row left with nothing ticked disappears. */
export function setLevel(access: AccessState, institutionId: number, level: Level, on: boolean): AccessState {
  const row = { ...levelsOf(access, institutionId), [level]: on };
  const grid = { ...access.grid };
  if (row.read || row.write || row.admin) grid[institutionId] = row;
  else delete grid[institutionId];
  return { ...access, grid };
}

/** "Clear all": every institution's boxes, not the global flags. */
export function clearGrid(access: AccessState): AccessState {
  return { ...access, grid: {} };
}

export function grantedCount(access: AccessState): number {
  return Object.keys(access.grid).length;
}

/**
 * The roles the user would hold after saving. `employee` comes from single sign-on, not from privileges: it stays
 * as the user has it now.
 */
export function previewRoles(currentRoles: readonly Role[], access: AccessState): Role[] {
  return deriveRoles(accessToPrivileges(access), currentRoles.includes('employee') ? ['employee'] : []);
}

export interface GridInstitution {
  id: number;
  name: string;
  short_name: string;
  active_ind?: boolean;
}

/**
 * The institutions the grid shows: those matching the filter text (name or short name), or with `onlyGranted` those
 * with a box ticked; by name. Inactive institutions appear only when they hold a ticked box (so access to them can be
 * removed), since nobody should be granted access to a deleted one.
 */
export function gridRows<T extends GridInstitution>(
  institutions: readonly T[],
  access: AccessState,
  filter: string,
  onlyGranted: boolean,
): T[] {
  return institutions
    .filter((i) => {
      const granted = access.grid[i.id] !== undefined;
      if (onlyGranted && !granted) return false;
      if (i.active_ind === false && !granted) return false;
      return matchesText(filter, [i.name, i.short_name]);
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en-CA'));
}
