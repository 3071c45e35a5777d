import type { Profile } from '../../../../shared/schemas/profile.ts';
import type { InstitutionSummary } from '../../institutions/index.ts';

export type AccessLevel = 'admin' | 'write' | 'read';

export interface InstitutionAccess {
  id: number;
  name: string;
  level: AccessLevel;
  isHome: boolean;
}

export interface AccessSummary {
  /** Every institution, through glblAdmin or glblRead. */
  global: 'admin' | 'read' | null;
  /** Institutions named in the user's own lists, strongest right first, home institution first. */
  institutions: InstitutionAccess[];
  counts: Record<AccessLevel, number>;
  /** False when names had to be made up from ids because the list of institutions could not be read. */
  namesKnown: boolean;
}

function levelOf(profile: Profile, id: number): AccessLevel {
  const { admin, write } = profile.privileges;
  return admin.includes(id) ? 'admin' : write.includes(id) ? 'write' : 'read';
}

/** What the home page says about the user's reach: global rights, and each institution with its strongest right. */
export function summariseAccess(
  profile: Profile,
  institutions: readonly InstitutionSummary[] | undefined,
  fallbackName: (id: number) => string,
): AccessSummary {
  const { read, write, admin, glblAdmin, glblRead } = profile.privileges;
  const byId = new Map((institutions ?? []).map((inst) => [inst.id, inst]));
  const ids = [...new Set([...admin, ...write, ...read])];
  const nameOf = (id: number) => {
    const inst = byId.get(id);
    if (inst) return inst.short_name && inst.short_name !== inst.name ? `${inst.name} (${inst.short_name})` : inst.name;
    if (id === profile.homeInstitution && profile.institution) return profile.institution;
    return fallbackName(id);
  };
  const rank: Record<AccessLevel, number> = { admin: 0, write: 1, read: 2 };
  const list = ids
    .map((id) => ({ id, name: nameOf(id), level: levelOf(profile, id), isHome: id === profile.homeInstitution }))
    .sort((a, b) => Number(b.isHome) - Number(a.isHome) || rank[a.level] - rank[b.level] || a.name.localeCompare(b.name));
  return {
    global: glblAdmin ? 'admin' : glblRead ? 'read' : null,
    institutions: list,
    counts: { read: read.length, write: write.length, admin: admin.length },
    namesKnown: institutions !== undefined || ids.every((id) => id === profile.homeInstitution && !!profile.institution),
  };
}
