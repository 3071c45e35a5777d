import { institutionProfile } from './institution-profiles.ts';
import type { CatalogueFamily } from './institution-profiles.ts';
import { nationalInstitution } from './national-institutions.ts';
import { CATALOGUE } from './program-catalogue.ts';
import type { ProgramTemplate } from './program-catalogue.ts';
import { programFromTemplate } from './programs-data.ts';
import type { ProgramSeed } from './programs-data.ts';
import { Random, hashSeed } from './random.ts';
import { SEED } from './seed-constants.ts';

/** An institution as the large seed finds it in the database. */
export interface InstitutionRow {
  id: number;
  shortName: string;
  institutionType: string;
  activeInd: boolean;
}

/** A program to insert for the large data set. */
export interface SuppliedProgram extends Omit<ProgramSeed, 'institutionShortName'> {
  institutionId: number;
  institutionShortName: string;
}

/** Share of the added programs that are already deactivated (the demo's programs: 4%). */
const INACTIVE_SHARE = 0.06;

// A large institution runs one field as several programs: streams, campuses and, past those, cohorts.
const STREAMS = [
  '',
  'Honours',
  'Accelerated',
  'Extended',
  'Evening',
  'Online',
  'Part-Time',
  'International Stream',
  'Indigenous Cohort',
  'Advanced Standing',
  'Bridging',
  'Weekend',
];
const CAMPUSES = ['', 'North Campus', 'South Campus', 'East Campus', 'West Campus', 'Downtown Campus', 'Regional Campus'];

/** The words added to the `variant`th program of one field, e.g. " (Honours, North Campus)"; none for the first. */
export function variantQualifier(variant: number): string {
  const stream = STREAMS[variant % STREAMS.length] as string;
  const campus = CAMPUSES[Math.floor(variant / STREAMS.length) % CAMPUSES.length] as string;
  const cohort = Math.floor(variant / (STREAMS.length * CAMPUSES.length));
  const parts = [stream, campus, cohort > 0 ? `Cohort ${cohort + 1}` : ''].filter((p) => p !== '');
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/**
 * Picks the next of weighted items so that every prefix of the picks is as near proportional as it can be
 * (Webster's divisors: the smallest (picked + ½) / weight goes next, ties to the first). Deterministic.
 */
function nextByWeight(picked: readonly number[], weights: readonly number[]): number {
  let best = -1;
  let bestKey = Infinity;
  for (let i = 0; i < weights.length; i++) {
    const weight = weights[i] as number;
    if (!(weight > 0)) continue;
    const key = ((picked[i] as number) + 0.5) / weight;
    if (key < bestKey) {
      best = i;
      bestKey = key;
    }
  }
  return best;
}

/** Names and draws new programs of one institution, one at a time, none named like one it has. */
class InstitutionPrograms {
  private readonly rng: Random;
  private readonly family: CatalogueFamily;
  private readonly templates: readonly ProgramTemplate[];
  /** Popular fields (business, computing) run more programs; each institution leans its own way too. */
  private readonly weights: number[];
  private readonly made: number[];
  private readonly names: Set<string>;

  constructor(
    private readonly institution: InstitutionRow,
    existingNames: Iterable<string>,
  ) {
    // Seeded by the short name, not the id, so the same institution gets the same programs in any database.
    this.rng = new Random(hashSeed(SEED, 13, ...Array.from(institution.shortName.toLowerCase(), (c) => c.charCodeAt(0))));
    this.family = institutionProfile(institution.shortName, institution.institutionType).family;
    this.templates = CATALOGUE[this.family];
    this.weights = this.templates.map((t) => t.popularity * this.rng.between(0.5, 1.5));
    this.made = this.templates.map(() => 0);
    this.names = new Set(Array.from(existingNames, (n) => n.toLowerCase()));
  }

  next(): SuppliedProgram {
    for (;;) {
      const index = nextByWeight(this.made, this.weights);
      const variant = this.made[index] as number;
      this.made[index] = variant + 1;
      const template = this.templates[index] as ProgramTemplate;
      const program = programFromTemplate(
        this.rng,
        template,
        this.family,
        this.institution.institutionType,
        variantQualifier(variant),
      );
      const active = !this.rng.chance(INACTIVE_SHARE);
      // Names are unique per institution whatever their case; one already there (a demo program) is passed over.
      if (this.names.has(program.name.toLowerCase())) continue;
      this.names.add(program.name.toLowerCase());
      return {
        ...program,
        activeInd: active,
        institutionId: this.institution.id,
        institutionShortName: this.institution.shortName,
      };
    }
  }
}

/**
 * New programs for the large data set, one at a time, spread over the active institutions in proportion to their
 * size (a B.C. institution's seeded program count, a generated one's weight), counting the programs they have.
 */
export class ProgramSupply {
  private readonly institutions: InstitutionRow[];
  private readonly weights: number[];
  private readonly counts: number[];
  private readonly makers: (InstitutionPrograms | undefined)[];
  private readonly existingNames: Map<number, string[]>;

  constructor(institutions: readonly InstitutionRow[], programs: readonly { institutionId: number; name: string }[]) {
    this.institutions = institutions.filter((i) => i.activeInd);
    if (this.institutions.length === 0) throw new Error('There is no active institution to add programs to.');
    this.existingNames = new Map();
    for (const p of programs) {
      const names = this.existingNames.get(p.institutionId) ?? [];
      names.push(p.name);
      this.existingNames.set(p.institutionId, names);
    }
    this.weights = this.institutions.map(
      (i) => nationalInstitution(i.shortName)?.programWeight ?? institutionProfile(i.shortName, i.institutionType).programCount,
    );
    this.counts = this.institutions.map((i) => this.existingNames.get(i.id)?.length ?? 0);
    this.makers = this.institutions.map(() => undefined);
  }

  next(): SuppliedProgram {
    const index = nextByWeight(this.counts, this.weights);
    this.counts[index] = (this.counts[index] as number) + 1;
    let maker = this.makers[index];
    if (!maker) {
      const institution = this.institutions[index] as InstitutionRow;
      maker = new InstitutionPrograms(institution, this.existingNames.get(institution.id) ?? []);
      this.makers[index] = maker;
    }
    return maker.next();
  }
}
