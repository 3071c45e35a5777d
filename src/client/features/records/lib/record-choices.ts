import { readableInstitutions } from '../../../../shared/permissions.ts';
import type { Privileges } from '../../../../shared/schemas/profile.ts';
import { compareValues } from '../../../ui/list-state.ts';

export interface InstitutionLike {
  id: number;
  short_name: string;
  name: string;
  active_ind?: boolean;
}

export interface ProgramLike {
  id: number;
  institution_id: number;
  name: string;
  active_ind: boolean;
}

export interface Choice {
  value: string;
  label: string;
}

/** Words the choices need from the screen's messages. */
export interface ChoiceWords {
  inactive: (label: string) => string;
}

const mayRead = (privileges: Privileges) => {
  const readable = readableInstitutions(privileges);
  return (id: number) => readable === 'all' || readable.includes(id);
};

/** The institutions a user may read, by short name: "UVic – University of Victoria". */
export function institutionChoices(
  institutions: readonly InstitutionLike[],
  privileges: Privileges,
  words: ChoiceWords,
): Choice[] {
  const readable = mayRead(privileges);
  return institutions
    .filter((i) => readable(i.id))
    .sort((a, b) => compareValues(a.short_name, b.short_name))
    .map((i) => {
      const label = `${i.short_name} – ${i.name}`;
      return { value: String(i.id), label: i.active_ind === false ? words.inactive(label) : label };
    });
}

/**
 * Programs of the institutions a user may read, limited to the chosen institutions when some are chosen; each named
 * with its institution's short name unless only one institution is chosen. Ordered by institution, then name.
 */
export function programChoices(
  programs: readonly ProgramLike[],
  institutions: readonly InstitutionLike[],
  privileges: Privileges,
  chosenInstitutionIds: readonly number[],
  words: ChoiceWords,
): Choice[] {
  const readable = mayRead(privileges);
  const shortName = new Map(institutions.map((i) => [i.id, i.short_name]));
  const chosen = new Set(chosenInstitutionIds);
  const withInstitution = chosen.size !== 1;
  return programs
    .filter((p) => readable(p.institution_id) && (chosen.size === 0 || chosen.has(p.institution_id)))
    .map((p) => ({ p, school: shortName.get(p.institution_id) ?? String(p.institution_id) }))
    .sort((a, b) => compareValues(a.school, b.school) || compareValues(a.p.name, b.p.name))
    .map(({ p, school }) => {
      const label = withInstitution ? `${school} – ${p.name}` : p.name;
      return { value: String(p.id), label: p.active_ind ? label : words.inactive(label) };
    });
}

/** The chosen programs that still belong to the chosen institutions (all of them when none is chosen). */
export function keepProgramsOf(
  programIds: readonly number[],
  programs: readonly ProgramLike[],
  institutionIds: readonly number[],
): number[] {
  if (institutionIds.length === 0) return [...programIds];
  const institutionOf = new Map(programs.map((p) => [p.id, p.institution_id]));
  return programIds.filter((id) => {
    const institution = institutionOf.get(id);
    return institution === undefined || institutionIds.includes(institution);
  });
}
