import type { Program } from '../../../../shared/schemas/program.ts';
import { PROGRAM_UI } from '../messages.ts';
import { COOP } from './program-form-model.ts';

const F = PROGRAM_UI.fields;
const R = PROGRAM_UI.readOnly;

export interface ProgramFact {
  label: string;
  value: string;
}

/** An inactive program's details as label and value, in the form's order (the co-op model only for co-op programs). */
export function programFacts(program: Program, institutionLabel: string): ProgramFact[] {
  const facts: ProgramFact[] = [
    { label: F.institution_id, value: institutionLabel },
    { label: F.name, value: program.name },
    { label: F.discipline, value: program.discipline },
    { label: F.credential, value: program.credential },
    { label: F.wil_type, value: program.wil_type },
  ];
  if (program.coop_model !== null || program.wil_type === COOP) {
    facts.push({ label: F.coop_model, value: program.coop_model ?? R.none });
  }
  facts.push(
    { label: F.participation, value: program.participation },
    { label: F.accredited, value: program.accredited ? R.yes : R.no },
    { label: F.cip_code, value: program.cip_code || R.none },
  );
  return facts;
}
