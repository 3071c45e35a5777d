import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client.ts';
import { issuesToFieldErrors, serverFormErrors, summaryItems } from './form-errors.ts';

describe('issuesToFieldErrors', () => {
  it('keeps the first message of each top-level field', () => {
    const schema = z.object({
      name: z.string().min(1, 'Name is required').min(3, 'Too short'),
      code: z.string().regex(/^\d+$/, 'Digits'),
    });
    const result = schema.safeParse({ name: '', code: 'x' });
    expect(result.success).toBe(false);
    expect(issuesToFieldErrors(result.error!.issues)).toEqual({ name: 'Name is required', code: 'Digits' });
  });

  it('ignores issues about the whole object', () => {
    expect(issuesToFieldErrors([{ path: [], message: 'bad' }])).toEqual({});
  });
});

describe('serverFormErrors', () => {
  const fields = ['name', 'short_name'];

  it('puts field errors beside the form’s fields and the rest in the summary', () => {
    const error = new ApiError('Institution insert failed', {
      status: 400,
      serverMessage: 'Another institution already uses this short name',
      fieldErrors: { short_name: ['Another institution already uses this short name'], id: ['The id does not match'] },
    });
    expect(serverFormErrors(error, fields)).toEqual({
      fields: { short_name: 'Another institution already uses this short name' },
      other: ['The id does not match'],
    });
  });

  it('gives the catalogue message, and the server’s reason for a refused request', () => {
    const error = new ApiError('Could not edit institution', { status: 404, serverMessage: 'The institution was not found.' });
    expect(serverFormErrors(error, fields)).toEqual({
      fields: {},
      other: ['Could not edit institution', 'The institution was not found.'],
    });
  });

  it('says only "Unauthorized" for a 403 and only the catalogue message for a server failure', () => {
    expect(serverFormErrors(new ApiError('Unauthorized', { status: 403, serverMessage: 'Forbidden' }), fields).other).toEqual([
      'Unauthorized',
    ]);
    expect(serverFormErrors(new ApiError('Program add failed', { status: 500, serverMessage: 'boom' }), fields).other).toEqual([
      'Program add failed',
    ]);
    expect(serverFormErrors(new ApiError('Program add failed'), fields).other).toEqual(['Program add failed']);
  });

  it('adds the server’s words for a 503: whether anything was saved while the database did not answer', () => {
    const serverMessage = 'The database is not answering right now. Nothing was saved; try again in a minute.';
    expect(serverFormErrors(new ApiError('Failed to update record', { status: 503, serverMessage }), fields).other).toEqual([
      'Failed to update record',
      serverMessage,
    ]);
  });

  it('reports something that is not an API error by its message', () => {
    expect(serverFormErrors(new Error('Invalid report ID recieved'), fields).other).toEqual(['Invalid report ID recieved']);
  });
});

describe('summaryItems', () => {
  it('lists field errors in field order with links, then the others', () => {
    const items = summaryItems(
      { short_name: 'Taken', name: 'Name is required', other: 'x' },
      [
        { name: 'name', id: 'f-name' },
        { name: 'short_name', id: 'f-short' },
      ],
      ['Institution insert failed'],
    );
    expect(items).toEqual([
      { message: 'Name is required', fieldId: 'f-name' },
      { message: 'Taken', fieldId: 'f-short' },
      { message: 'Institution insert failed' },
    ]);
  });
});
