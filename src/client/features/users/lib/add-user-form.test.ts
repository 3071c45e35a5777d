import { describe, expect, it } from 'vitest';
import { EMPTY_ADD_USER_FORM, checkAddUserForm } from './add-user-form.ts';

describe('checkAddUserForm', () => {
  it('asks for a username without spaces', () => {
    expect(checkAddUserForm(EMPTY_ADD_USER_FORM)).toEqual({ ok: false, errors: { username: 'Username is required' } });
    expect(checkAddUserForm({ ...EMPTY_ADD_USER_FORM, username: 'j smith' })).toEqual({
      ok: false,
      errors: { username: 'Username may not contain spaces' },
    });
  });

  it('checks the email and gives a trimmed body with the home institution as an id', () => {
    expect(checkAddUserForm({ ...EMPTY_ADD_USER_FORM, username: 'js', email: 'nope' })).toMatchObject({
      ok: false,
      errors: { email: 'Email must look like name@example.ca' },
    });
    expect(checkAddUserForm({ username: ' jsmith ', prefName: ' Jordan ', email: 'j@uvic.ca', homeInstitution: '3' })).toEqual({
      ok: true,
      body: { username: 'jsmith', prefName: 'Jordan', email: 'j@uvic.ca', homeInstitution: 3 },
    });
    expect(checkAddUserForm({ ...EMPTY_ADD_USER_FORM, username: 'jsmith' })).toEqual({
      ok: true,
      body: { username: 'jsmith', prefName: '', email: '', homeInstitution: null },
    });
  });
});
