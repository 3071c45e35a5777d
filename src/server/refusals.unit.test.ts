import { describe, expect, it } from 'vitest';
import { HttpError, refusalError, valueOrHttpError } from './http-errors.ts';
import { invalidField, NOT_FOUND, outcomeOf, refuse, Refused } from './refusals.ts';

describe('repository refusals', () => {
  it('turns a refusal thrown by the work into the answer, and a value into a success', async () => {
    await expect(outcomeOf(async () => 7)).resolves.toEqual({ ok: true, value: 7 });
    await expect(
      outcomeOf(async () => {
        throw refuse('name', 'Taken');
      }),
    ).resolves.toEqual({ ok: false, refusal: { kind: 'invalid', fieldErrors: { name: ['Taken'] } } });
    await expect(
      outcomeOf(async () => {
        throw new Refused(NOT_FOUND);
      }),
    ).resolves.toEqual({ ok: false, refusal: NOT_FOUND });
  });

  it('lets every other failure (a database error) through unchanged', async () => {
    const failure = new Error('connection reset');
    await expect(
      outcomeOf(async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});

describe('a refusal as HTTP (the routes’ mapping)', () => {
  it('answers 404 naming the thing for not-found', () => {
    const error = refusalError(NOT_FOUND, 'The program');
    expect(error).toBeInstanceOf(HttpError);
    expect([error.statusCode, error.message, error.fieldErrors]).toEqual([404, 'The program was not found.', undefined]);
  });

  it('answers 400 with every field’s sentence, joined in order, and the fields named', () => {
    const error = refusalError({ kind: 'invalid', fieldErrors: { short_name: ['A is taken'], name_code: ['B is taken'] } }, 'x');
    expect([error.statusCode, error.message]).toEqual([400, 'A is taken. B is taken']);
    expect(error.fieldErrors).toEqual({ short_name: ['A is taken'], name_code: ['B is taken'] });
    expect(refusalError(invalidField('name', 'Taken'), 'x').message).toBe('Taken');
  });

  it('hands back the value of a success', () => {
    expect(valueOrHttpError({ ok: true, value: 'kept' }, 'x')).toBe('kept');
    expect(() => valueOrHttpError({ ok: false, refusal: NOT_FOUND }, 'The user')).toThrow('The user was not found.');
  });
});
