import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { wireRecord } from '../lib/test-fixtures.ts';
import { createRecord, duplicateRecordId } from './create-record.ts';
import { staleSaveCurrent, updateRecord } from './update-record.ts';

/** Answers every fetch with this status and JSON body, and records what was asked. */
function answer(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const body = { institution_id: 3, program_id: 12, fiscal_year: '2024/25', term: 'Fall' as const, status: 'draft' as const };

describe('createRecord: PUT /api/records', () => {
  it('answers the new id when it is an integer', async () => {
    const calls = answer(200, { id: 41 });
    await expect(createRecord(body)).resolves.toBe(41);
    expect(calls[0]!.url).toBe('/api/records');
    expect(calls[0]!.init.method).toBe('PUT');
  });

  it('raises "Invalid record ID recieved" when the id is not an integer', async () => {
    answer(200, { id: 'forty-one' });
    await expect(createRecord(body)).rejects.toThrow('Invalid record ID recieved');
    answer(200, { id: 4.5 });
    await expect(createRecord(body)).rejects.toThrow('Invalid record ID recieved');
  });

  it('says "Failed to add record", or "Unauthorized" for a 403', async () => {
    answer(400, { message: 'bad', fieldErrors: { students_placed: ['Students placed cannot be negative'] } });
    const error = await createRecord(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Failed to add record');
    expect((error as ApiError).fieldErrors).toEqual({ students_placed: ['Students placed cannot be negative'] });
    answer(403, { message: 'no' });
    await expect(createRecord(body)).rejects.toThrow('Unauthorized');
  });

  it('finds the existing record of a duplicate in a 409', async () => {
    answer(409, { statusCode: 409, message: 'already has a record', existingId: 77 });
    const error = await createRecord(body).catch((e: unknown) => e);
    expect(duplicateRecordId(error)).toBe(77);
    expect(duplicateRecordId(new ApiError('x', { status: 400, body: { existingId: 77 } }))).toBeNull();
    expect(duplicateRecordId(new Error('x'))).toBeNull();
  });
});

describe('updateRecord: PATCH /api/records/{id}', () => {
  it('sends the version and answers the saved record', async () => {
    const saved = wireRecord({ version: 4 });
    const calls = answer(200, saved);
    await expect(updateRecord(7, { version: 3, notes: 'x' })).resolves.toEqual(saved);
    expect(calls[0]!.url).toBe('/api/records/7');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ version: 3, notes: 'x' });
  });

  it('says "Failed to update record" and hands over the current record of a stale save', async () => {
    const current = wireRecord({ version: 5 });
    answer(409, { statusCode: 409, message: 'Someone else saved this record', current });
    const error = await updateRecord(7, { version: 3 }).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Failed to update record');
    expect(staleSaveCurrent(error)).toEqual(current);
  });

  it('does not mistake another failure for a stale save', async () => {
    answer(409, { statusCode: 409, message: 'duplicate', existingId: 9 });
    expect(staleSaveCurrent(await updateRecord(7, { version: 3 }).catch((e: unknown) => e))).toBeNull();
    answer(500, { message: 'oops', current: wireRecord() });
    expect(staleSaveCurrent(await updateRecord(7, { version: 3 }).catch((e: unknown) => e))).toBeNull();
  });
});
