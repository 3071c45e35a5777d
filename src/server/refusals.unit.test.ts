import { describe, expect, it } from 'vitest';
import { BusyError, HttpError, RETURN_LOCKED_CODE, refusalError, valueOrHttpError } from './http-errors.ts';
import { conflict, invalidField, NOT_FOUND, outcomeOf, refuse, Refused, returnLocked, type Refusal } from './refusals.ts';

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

describe('one mapper for every refusal (decision 038)', () => {
  const answer = (refusal: Refusal) => {
    const error = refusalError(refusal, 'The thing');
    return [error.statusCode, error.message, error.fieldErrors, error.code, error.details];
  };

  it('gives each kind its status, its code and what it carries', () => {
    const current = { id: 3 };
    expect(answer({ kind: 'forbidden' })).toEqual([403, 'You do not have access to this.', undefined, undefined, undefined]);
    expect(answer({ kind: 'forbidden', message: 'Not yours.' })[1]).toBe('Not yours.');
    expect(answer({ kind: 'invalid', fieldErrors: { a: ['A'] }, message: 'The record cannot be saved: A.' })).toEqual([
      400,
      'The record cannot be saved: A.',
      { a: ['A'] },
      undefined,
      undefined,
    ]);
    expect(answer({ kind: 'rejected', message: 'Empty.', details: { result: 1 } })).toEqual([
      400,
      'Empty.',
      undefined,
      undefined,
      { result: 1 },
    ]);
    expect(answer({ kind: 'too-large', message: 'Too big.', fieldErrors: { file: ['Big'] } })).toEqual([
      413,
      'Too big.',
      { file: ['Big'] },
      undefined,
      undefined,
    ]);
    expect(answer(conflict('Changed.', 'return_state', { current }))).toEqual([
      409,
      'Changed.',
      undefined,
      'return_state',
      { current },
    ]);
    expect(answer(conflict('Taken.'))).toEqual([409, 'Taken.', undefined, undefined, undefined]);
    expect(answer({ kind: 'not-delivered', message: 'Mail refused.' })).toEqual([
      502,
      'Mail refused.',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('answers a locked return with 409 return_locked and a busy one with 503 and the seconds to wait', () => {
    const locked = returnLocked([
      { returnId: 1, institutionId: 2, institution: 'UVic', fiscalYear: '2024/25', term: 'Fall', state: 'approved' },
    ]);
    expect(answer(locked).slice(0, 4)).toEqual([409, (locked as { message: string }).message, undefined, RETURN_LOCKED_CODE]);
    const busy = refusalError({ kind: 'busy', message: 'Busy.', retryAfterSeconds: 5 });
    expect(busy).toBeInstanceOf(BusyError);
    expect([busy.statusCode, busy.message, (busy as BusyError).retryAfterSeconds]).toEqual([503, 'Busy.', 5]);
  });

  it('carries the sentence of the refusal as the thrown error’s message', () => {
    expect(new Refused({ kind: 'rejected', message: 'Empty.' }).message).toBe('Empty.');
    expect(new Refused(invalidField('a', 'A')).message).toBe('A');
  });
});
