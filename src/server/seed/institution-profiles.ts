import type { InstitutionType } from '../../shared/constants.ts';

/** Which list of typical programs an institution draws its seeded programs from. */
export const CATALOGUE_FAMILIES = [
  'research',
  'teaching',
  'college',
  'technical',
  'art',
  'justice',
  'indigenous',
  'graduate',
] as const;
export type CatalogueFamily = (typeof CATALOGUE_FAMILIES)[number];

/** How big an institution's co-op/WIL activity is and who its students are: drives the generated figures. */
export interface InstitutionProfile {
  family: CatalogueFamily;
  /** Programs seeded for it. */
  programCount: number;
  /** Students enrolled in a typical one of its programs in a term (2016/17). */
  typicalEnrolment: number;
  /** Shares of placed students who are international, Indigenous, or with a disability. */
  intlShare: number;
  indigenousShare: number;
  disabilityShare: number;
}

// Sizes are invented but ordered like the real system: UBC, SFU and UVic run by far the largest
// co-op programmes, the northern and rural colleges the smallest. Program counts sum to 250.
const PROFILES: Record<string, InstitutionProfile> = {
  UBC: profile('research', 16, 260, 0.22, 0.03),
  SFU: profile('research', 14, 230, 0.2, 0.03),
  UVic: profile('research', 14, 200, 0.14, 0.05),
  UNBC: profile('research', 9, 55, 0.1, 0.16),
  CapU: profile('teaching', 11, 70, 0.25, 0.05),
  ECUAD: profile('art', 6, 40, 0.3, 0.04),
  KPU: profile('teaching', 13, 90, 0.3, 0.03),
  RRU: profile('graduate', 7, 35, 0.18, 0.06),
  TRU: profile('teaching', 12, 80, 0.28, 0.1),
  UFV: profile('teaching', 11, 70, 0.18, 0.06),
  VIU: profile('teaching', 11, 65, 0.2, 0.09),
  Camosun: profile('college', 12, 75, 0.15, 0.07),
  CNC: profile('college', 8, 35, 0.12, 0.2),
  COTR: profile('college', 7, 28, 0.15, 0.07),
  CMTN: profile('college', 6, 20, 0.05, 0.35),
  Douglas: profile('college', 12, 85, 0.32, 0.03),
  Langara: profile('college', 11, 80, 0.38, 0.03),
  NIC: profile('college', 7, 28, 0.1, 0.12),
  NLC: profile('college', 6, 20, 0.08, 0.22),
  OC: profile('college', 11, 60, 0.14, 0.08),
  Selkirk: profile('college', 9, 32, 0.12, 0.07),
  VCC: profile('college', 10, 55, 0.22, 0.05),
  BCIT: profile('technical', 15, 130, 0.16, 0.03),
  JIBC: profile('justice', 6, 45, 0.04, 0.06),
  NVIT: profile('indigenous', 6, 15, 0.02, 0.7),
};

function profile(
  family: CatalogueFamily,
  programCount: number,
  typicalEnrolment: number,
  intlShare: number,
  indigenousShare: number,
): InstitutionProfile {
  return { family, programCount, typicalEnrolment, intlShare, indigenousShare, disabilityShare: 0.06 };
}

const DEFAULT_BY_TYPE: Record<InstitutionType, InstitutionProfile> = {
  'Research-Intensive University': profile('research', 10, 120, 0.18, 0.05),
  'Teaching-Intensive University': profile('teaching', 10, 70, 0.2, 0.06),
  College: profile('college', 8, 45, 0.15, 0.08),
  Institute: profile('technical', 8, 60, 0.12, 0.06),
};

/** The profile of a seeded institution by short name; one added later gets its type's typical profile. */
export function institutionProfile(shortName: string, institutionType: string): InstitutionProfile {
  return (
    PROFILES[shortName] ?? DEFAULT_BY_TYPE[institutionType as InstitutionType] ?? DEFAULT_BY_TYPE['Teaching-Intensive University']
  );
}
