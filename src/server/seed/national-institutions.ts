import type { InstitutionType } from '../../shared/constants.ts';
import { institutionProfile } from './institution-profiles.ts';
import { INSTITUTIONS } from './institutions-data.ts';
import type { InstitutionSeed } from './institutions-data.ts';
import { Random, hashSeed } from './random.ts';
import { SEED } from './seed-constants.ts';

/**
 * An invented institution outside B.C., seeded only into the large data set so that it is shaped like a national
 * one (about 90 institutions) rather than B.C.'s 25.
 *
 * The compromise: the schema knows only B.C.'s eight development regions (docs/product.md §4.1) and no province, so an
 * institution outside B.C. carries a B.C. region as a stand-in and its province in its name ("Cedarbrook College
 * (Ontario)") and short name ("Cedarbrook (ON)"). The stand-ins copy the regions of the 25 B.C. institutions in turn,
 * so a filter on region keeps the selectivity it has on the real institutions. The record generator is told which
 * institutions are outside B.C. and sends their students' work terms mostly to "other Canada".
 */
export interface NationalInstitution extends InstitutionSeed {
  /** Two-letter province code. */
  province: string;
  /** Relative number of programs, against the B.C. institutions' seeded program counts. */
  programWeight: number;
}

interface Province {
  code: string;
  name: string;
  /** Institutions generated in it: roughly the province's share of Canada's public post-secondary system. */
  count: number;
  french?: boolean;
}

const PROVINCES: readonly Province[] = [
  { code: 'AB', name: 'Alberta', count: 8 },
  { code: 'SK', name: 'Saskatchewan', count: 4 },
  { code: 'MB', name: 'Manitoba', count: 4 },
  { code: 'ON', name: 'Ontario', count: 24 },
  { code: 'QC', name: 'Quebec', count: 14, french: true },
  { code: 'NB', name: 'New Brunswick', count: 3 },
  { code: 'NS', name: 'Nova Scotia', count: 5 },
  { code: 'PE', name: 'Prince Edward Island', count: 1 },
  { code: 'NL', name: 'Newfoundland and Labrador', count: 2 },
];

// Invented place names (a first half and a second half), so no generated name is meant to be a real institution.
const ENGLISH_STARTS = ['Ash', 'Aspen', 'Birch', 'Cedar', 'Clear', 'Elm', 'Glen', 'Hazel', 'Lark', 'Maple', 'Oak', 'Pine'];
const ENGLISH_ENDS = ['brook', 'dale', 'field', 'ford', 'haven', 'mere', 'ridge', 'vale', 'wick', 'wood'];
const FRENCH_STARTS = ['Beau', 'Belle', 'Bois', 'Clair', 'Grand', 'Haut', 'Mont', 'Pierre', 'Val'];
const FRENCH_ENDS = ['fontaine', 'lac', 'lieu', 'mont', 'pré', 'rivage', 'roc', 'ville'];

const TYPES: readonly InstitutionType[] = [
  'Research-Intensive University',
  'Teaching-Intensive University',
  'College',
  'Institute',
];
/** Outside a province's first institution (a research university): about the mix of Canada's public system. */
const TYPE_WEIGHTS = [10, 20, 50, 20];

function institutionName(type: InstitutionType, place: string, french: boolean): string {
  if (french) {
    if (type === 'College') return `Cégep de ${place}`;
    if (type === 'Institute') return `Institut de technologie de ${place}`;
    return `Université de ${place}`;
  }
  if (type === 'Research-Intensive University') return `University of ${place}`;
  if (type === 'Teaching-Intensive University') return `${place} University`;
  if (type === 'College') return `${place} College`;
  return `${place} Institute of Technology`;
}

/** `ON-CEDARB`: the province and the place's first letters, without accents (name codes allow letters, digits, hyphens). */
function nameCode(province: string, place: string, taken: Set<string>): string {
  const letters = place
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 6);
  let code = `${province}-${letters}`;
  for (let n = 2; taken.has(code.toLowerCase()); n++) code = `${province}-${letters.slice(0, 5)}${n}`;
  taken.add(code.toLowerCase());
  return code;
}

/** The 65 generated institutions, the same list on every run. */
function buildNationalInstitutions(): NationalInstitution[] {
  const rng = new Random(hashSeed(SEED, 11));
  const usedPlaces = new Set<string>();
  const codes = new Set(INSTITUTIONS.map((i) => i.nameCode.toLowerCase()));
  const list: NationalInstitution[] = [];
  for (const province of PROVINCES) {
    const [starts, ends] = province.french ? [FRENCH_STARTS, FRENCH_ENDS] : [ENGLISH_STARTS, ENGLISH_ENDS];
    for (let i = 0; i < province.count; i++) {
      let place: string;
      do place = rng.pick(starts) + rng.pick(ends);
      while (usedPlaces.has(place));
      usedPlaces.add(place);
      const institutionType = i === 0 ? TYPES[0]! : rng.weightedPick(TYPES, TYPE_WEIGHTS);
      const profile = institutionProfile('', institutionType);
      list.push({
        name: `${institutionName(institutionType, place, province.french === true)} (${province.name})`,
        shortName: `${place} (${province.code})`,
        nameCode: nameCode(province.code, place, codes),
        institutionType,
        region: INSTITUTIONS[list.length % INSTITUTIONS.length]!.region,
        province: province.code,
        programWeight: profile.programCount * rng.between(0.5, 1.5),
      });
    }
  }
  return list;
}

export const NATIONAL_INSTITUTIONS: readonly NationalInstitution[] = buildNationalInstitutions();

const BY_SHORT_NAME = new Map(NATIONAL_INSTITUTIONS.map((i) => [i.shortName.toLowerCase(), i]));

/** The generated institution with this short name, if it is one. */
export function nationalInstitution(shortName: string): NationalInstitution | undefined {
  return BY_SHORT_NAME.get(shortName.toLowerCase());
}
