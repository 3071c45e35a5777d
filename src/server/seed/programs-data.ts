import type { Credential, Discipline, WilType } from '../../shared/constants.ts';
import { institutionProfile } from './institution-profiles.ts';
import type { CatalogueFamily } from './institution-profiles.ts';
import { INSTITUTIONS } from './institutions-data.ts';
import { CATALOGUE, WIL_MIX, WIL_NAME_SUFFIX } from './program-catalogue.ts';
import type { ProgramTemplate } from './program-catalogue.ts';
import { Random, hashSeed } from './random.ts';
import { SEED } from './seed-constants.ts';

/** A program as the seed inserts it, named by its institution's short name. */
export interface ProgramSeed {
  institutionShortName: string;
  name: string;
  discipline: Discipline;
  credential: Credential;
  wilType: WilType;
  coopModel: 'Alternating' | 'Internship' | null;
  participation: 'Mandatory' | 'Optional' | 'Selective';
  accredited: boolean;
  cipCode: string | null;
  activeInd: boolean;
}

/** The seeded programs of every institution, in institution order: the same list on every run. */
export function buildProgramSeeds(): ProgramSeed[] {
  const rng = new Random(hashSeed(SEED, 1));
  const seeds: ProgramSeed[] = [];
  for (const institution of INSTITUTIONS) {
    const profile = institutionProfile(institution.shortName, institution.institutionType);
    const templates = pickTemplates(rng, CATALOGUE[profile.family], profile.programCount);
    templates.forEach((template, index) => {
      seeds.push({
        institutionShortName: institution.shortName,
        ...programFromTemplate(rng, template, profile.family, institution.institutionType),
        // The first program of each institution stays active so none is left without one.
        activeInd: index === 0 || !rng.chance(0.04),
      });
    });
  }
  return seeds;
}

/** A program's own attributes drawn for a template (its WIL type names it), without its institution or activity. */
export function programFromTemplate(
  rng: Random,
  template: ProgramTemplate,
  family: CatalogueFamily,
  institutionType: string,
  qualifier = '',
): Omit<ProgramSeed, 'institutionShortName' | 'activeInd'> {
  // The draws happen in the order the demo seed has always made them, so its programs stay as they were.
  const wilType = template.wil ?? pickWilType(rng, family);
  return {
    name: `${template.stem} ${WIL_NAME_SUFFIX[wilType]}${qualifier}`,
    discipline: template.discipline,
    credential: template.credential,
    wilType,
    coopModel: wilType === 'Co-operative Education' ? (rng.chance(0.8) ? 'Alternating' : 'Internship') : null,
    participation: participationFor(rng, wilType),
    accredited: wilType === 'Co-operative Education' && rng.chance(institutionType === 'College' ? 0.4 : 0.75),
    cipCode: rng.chance(0.05) ? null : template.cip,
  };
}

/** `count` different templates, more popular ones more likely, kept in catalogue order. */
function pickTemplates(rng: Random, catalogue: readonly ProgramTemplate[], count: number): ProgramTemplate[] {
  // A random key scaled by popularity: the big fields nearly always make the list, the small ones now and then.
  const keyed = catalogue.map((template, index) => ({ index, key: template.popularity * rng.between(0.4, 1.6) }));
  keyed.sort((a, b) => b.key - a.key || a.index - b.index);
  return keyed
    .slice(0, Math.min(count, catalogue.length))
    .sort((a, b) => a.index - b.index)
    .map((k) => catalogue[k.index] as ProgramTemplate);
}

function pickWilType(rng: Random, family: CatalogueFamily): WilType {
  const mix = WIL_MIX[family];
  return rng.weightedPick(
    mix.map(([type]) => type),
    mix.map(([, weight]) => weight),
  );
}

function participationFor(rng: Random, wilType: WilType): ProgramSeed['participation'] {
  switch (wilType) {
    case 'Mandatory Professional Practice':
    case 'Apprenticeship':
    case 'Field Placement':
      return 'Mandatory';
    case 'Co-operative Education':
      return rng.weightedPick(['Optional', 'Selective', 'Mandatory'] as const, [50, 35, 15]);
    default:
      return rng.weightedPick(['Optional', 'Selective', 'Mandatory'] as const, [55, 30, 15]);
  }
}
