import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { FIELD_ID, loginErrors } from './login-errors.ts';

describe('loginErrors', () => {
  it('is empty when nothing went wrong', () => {
    expect(loginErrors(null, null)).toEqual({ summary: [] });
  });

  it('links a missing choice to the field', () => {
    expect(loginErrors('Choose a user to sign in as', null)).toEqual({
      summary: [{ message: 'Choose a user to sign in as', fieldId: FIELD_ID }],
      field: 'Choose a user to sign in as',
    });
  });

  it('puts the server’s field errors beside the field and in the summary', () => {
    const error = new ApiError('Sign in failed', { status: 400, fieldErrors: { username: ['No such user: bob'] } });
    expect(loginErrors(null, error)).toEqual({
      summary: [{ message: 'No such user: bob', fieldId: FIELD_ID }],
      field: 'No such user: bob',
    });
  });

  it('shows a refusal with the catalogue message and the server’s reason', () => {
    const error = new ApiError('Unauthorized', { status: 403, serverMessage: 'This account has been deactivated.' });
    expect(loginErrors(null, error).summary).toEqual([
      { message: 'Unauthorized' },
      { message: 'This account has been deactivated.' },
    ]);
  });
});
