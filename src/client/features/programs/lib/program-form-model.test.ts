import { describe, expect, it } from 'vitest';
import {
  checkProgramForm,
  emptyProgramForm,
  programToFormValues,
  validateProgramForm,
  withWilType,
  type ProgramFormValues,
} from './program-form-model.ts';

const filled: ProgramFormValues = {
  institution_id: '3',
  name: ' Computer Science Co-op ',
  discipline: 'Computer & Information Science',
  credential: "Bachelor's Degree",
  wil_type: 'Co-operative Education',
  coop_model: 'Alternating',
  participation: 'Optional',
  accredited: true,
  cip_code: ' 11.0701 ',
};

describe('checkProgramForm', () => {
  it('gives the body of a filled form: numbers, trimmed text', () => {
    expect(checkProgramForm(filled)).toEqual({
      ok: true,
      body: {
        institution_id: 3,
        name: 'Computer Science Co-op',
        discipline: 'Computer & Information Science',
        credential: "Bachelor's Degree",
        wil_type: 'Co-operative Education',
        coop_model: 'Alternating',
        participation: 'Optional',
        accredited: true,
        cip_code: '11.0701',
      },
    });
  });

  it('sends no co-op model for other WIL types and no CIP code when it is blank', () => {
    const check = checkProgramForm({ ...filled, wil_type: 'Internship', cip_code: '   ' });
    expect(check.ok && check.body).toMatchObject({ wil_type: 'Internship', coop_model: null, cip_code: null });
  });

  it('asks for every required field of an empty form, in words', () => {
    expect(validateProgramForm(emptyProgramForm())).toEqual({
      institution_id: 'Choose the institution',
      name: 'Program name is required',
      discipline: 'Choose the discipline',
      credential: 'Choose the credential',
      wil_type: 'Choose the WIL type',
      participation: 'Choose the participation',
    });
  });

  it('applies the shared schema’s CIP code format', () => {
    expect(validateProgramForm({ ...filled, cip_code: '11.07' })).toEqual({
      cip_code: 'CIP code must look like 11.0701 (two digits, a point, four digits)',
    });
  });
});

describe('the co-op model', () => {
  it('is kept for co-op and cleared when the WIL type changes to anything else', () => {
    expect(withWilType(filled, 'Co-operative Education').coop_model).toBe('Alternating');
    expect(withWilType(filled, 'Internship')).toMatchObject({ wil_type: 'Internship', coop_model: null });
    expect(withWilType(filled, null).coop_model).toBeNull();
  });
});

describe('emptyProgramForm and programToFormValues', () => {
  it('can start with an institution chosen', () => {
    expect(emptyProgramForm(5).institution_id).toBe('5');
    expect(emptyProgramForm().institution_id).toBeNull();
  });

  it('fills the form from a saved program', () => {
    const values = programToFormValues({
      id: 1,
      institution_id: 3,
      name: 'Nursing',
      discipline: 'Health',
      credential: "Bachelor's Degree",
      wil_type: 'Field Placement',
      coop_model: null,
      participation: 'Mandatory',
      accredited: false,
      cip_code: null,
      active_ind: true,
      version: 1,
    });
    expect(values).toMatchObject({ institution_id: '3', cip_code: '', coop_model: null });
  });
});
