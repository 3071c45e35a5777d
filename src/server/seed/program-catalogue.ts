import { z } from 'zod';
import { CREDENTIALS, DISCIPLINES, WIL_TYPES, type Credential, type Discipline, type WilType } from '../../shared/constants.ts';
import { CATALOGUE_FAMILIES, type CatalogueFamily } from './institution-profiles.ts';
import catalogueFile from './program-catalogue.json' with { type: 'json' };

/** A typical program an institution of a family offers; the seed picks some and names them by WIL type. */
export interface ProgramTemplate {
  stem: string;
  discipline: Discipline;
  /** Statistics Canada CIP 2021 code. */
  cip: string;
  credential: Credential;
  /** Set where the field decides the kind of WIL (nursing is professional practice, trades are apprenticeships). */
  wil?: WilType;
  /** Relative enrolment: popular fields (business, computing) run larger programs. */
  popularity: number;
}

/** A row of the catalogue file: stem, discipline, CIP code, credential, popularity and, where the field decides it, WIL type. */
const TemplateRow = z
  .tuple([z.string(), z.enum(DISCIPLINES), z.string(), z.enum(CREDENTIALS), z.number().positive()], z.enum(WIL_TYPES))
  .refine((row) => row.length <= 6, 'A row has one WIL type at most')
  .transform(([stem, discipline, cip, credential, popularity, wil]): ProgramTemplate =>
    wil ? { stem, discipline, cip, credential, popularity, wil } : { stem, discipline, cip, credential, popularity },
  );
const byFamily = <T extends z.ZodType>(item: T) => z.record(z.enum(CATALOGUE_FAMILIES), z.array(item));
const CatalogueFile = z.object({
  programs: byFamily(TemplateRow),
  wilMix: byFamily(z.tuple([z.enum(WIL_TYPES), z.number().positive()])),
});

/**
 * The typical programs and WIL mixes are data, kept in program-catalogue.json and checked here when the seed loads, so
 * a misspelt discipline or credential stops the seed rather than making programs no report can group.
 */
const file = CatalogueFile.parse(catalogueFile);

/** Typical programs by family; a family lists at least as many as its largest institution needs. */
export const CATALOGUE: Record<CatalogueFamily, readonly ProgramTemplate[]> = file.programs;

/** How often each WIL type is chosen for a template without a fixed one, by family. */
export const WIL_MIX: Record<CatalogueFamily, readonly (readonly [WilType, number])[]> = file.wilMix;

/** The words added to a template's stem to name the program, by WIL type. */
export const WIL_NAME_SUFFIX: Record<WilType, string> = {
  'Co-operative Education': 'Co-op',
  Apprenticeship: 'Apprenticeship',
  Internship: 'Internship',
  'Applied Research Project': 'Applied Research Project',
  Entrepreneurship: 'Venture Placement',
  'Field Placement': 'Practicum',
  'Mandatory Professional Practice': 'Professional Practice',
  'Service Learning': 'Community Service Learning',
  'Work Experience': 'Work Experience',
};
