import { compareValues } from '../../../ui/list-state.ts';
import { USER_UI } from '../messages.ts';

export interface OptionInstitution {
  id: number;
  name: string;
  short_name: string;
  active_ind?: boolean;
}

/**
 * Choices for an institution select, by short name: "UVic – University of Victoria". Inactive institutions are
 * offered only when `keep` names them (the value already chosen), marked as inactive.
 */
export function institutionOptions(
  institutions: readonly OptionInstitution[],
  keep: number | null = null,
): { value: string; label: string }[] {
  return [...institutions]
    .filter((i) => i.active_ind !== false || i.id === keep)
    .sort((a, b) => compareValues(a.short_name, b.short_name))
    .map((i) => {
      const label = `${i.short_name} – ${i.name}`;
      return { value: String(i.id), label: i.active_ind === false ? USER_UI.inactiveInstitution(label) : label };
    });
}
