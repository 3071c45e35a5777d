import { describe, expect, it } from 'vitest';
import {
  EMPTY_INSTITUTION_FORM,
  checkInstitutionForm,
  institutionToFormValues,
  validateInstitutionForm,
  type InstitutionFormValues,
} from './institution-form-model.ts';

const filled: InstitutionFormValues = {
  name: '  Test College  ',
  short_name: 'TC',
  name_code: 'TC-1',
  institution_type: 'College',
  region: 'Kootenay',
};

describe('checkInstitutionForm', () => {
  it('gives the trimmed body of a filled form', () => {
    expect(checkInstitutionForm(filled)).toEqual({
      ok: true,
      body: { name: 'Test College', short_name: 'TC', name_code: 'TC-1', institution_type: 'College', region: 'Kootenay' },
    });
  });

  it('asks for every field of an empty form, in words', () => {
    expect(validateInstitutionForm(EMPTY_INSTITUTION_FORM)).toEqual({
      name: 'Name is required',
      short_name: 'Short name is required',
      name_code: 'Name code is required',
      institution_type: 'Choose the institution type',
      region: 'Choose the region',
    });
  });

  it('applies the shared schema’s rules: blank after trimming, length, name code characters', () => {
    const errors = validateInstitutionForm({ ...filled, name: '   ', short_name: 'x'.repeat(31), name_code: 'A B' });
    expect(errors).toEqual({
      name: 'Name is required',
      short_name: 'Short name must be at most 30 characters',
      name_code: 'Name code may hold only letters, digits and hyphens',
    });
  });

  it('refuses a type or region outside the closed lists', () => {
    const errors = validateInstitutionForm({ ...filled, institution_type: 'Academy', region: 'Yukon' });
    expect(Object.keys(errors).sort()).toEqual(['institution_type', 'region']);
  });
});

describe('institutionToFormValues', () => {
  it('fills the form from a saved institution', () => {
    expect(
      institutionToFormValues({
        id: 3,
        name: 'University of Victoria',
        short_name: 'UVic',
        name_code: 'UVIC',
        institution_type: 'Research-Intensive University',
        region: 'Vancouver Island/Coast',
        active_ind: true,
        version: 1,
      }),
    ).toEqual({
      name: 'University of Victoria',
      short_name: 'UVic',
      name_code: 'UVIC',
      institution_type: 'Research-Intensive University',
      region: 'Vancouver Island/Coast',
    });
  });
});
