import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ignoredOnWrite, mustMatchOnWrite, readOnly } from './read-only.ts';
import { RecordCreateSchema, RecordUpdateSchema } from './record.ts';

describe('read-only fields', () => {
  it('a write validates an ignored field’s type, then drops its value: no repository ever sees it', () => {
    const body = z.object({ name: z.string().optional(), created_by: ignoredOnWrite(z.number().int().nullable()) }).strict();
    expect(body.parse({ name: 'x', created_by: 42 })).toEqual({ name: 'x', created_by: undefined });
    expect(body.safeParse({ created_by: 'someone' }).success).toBe(false);
    expect(body.parse({})).toEqual({});
  });

  it('drops the server-set fields of a record body on edit and on create', () => {
    const edit = RecordUpdateSchema.parse({ version: 3, notes: 'x', created_by: 9, updated_at: 'then', program_name: 'P' });
    expect(Object.entries(edit).filter(([, value]) => value !== undefined)).toEqual([
      ['version', 3],
      ['notes', 'x'],
    ]);
    const create = RecordCreateSchema.parse({
      institution_id: 1,
      program_id: 2,
      fiscal_year: '2024/25',
      term: 'Fall',
      version: 7,
      institution_name: 'I',
    });
    expect(create.version).toBeUndefined();
    expect(create.institution_name).toBeUndefined();
  });

  it('keeps a must-match field’s value for the check against the stored one', () => {
    const body = z.object({ id: mustMatchOnWrite(z.number().int(), 'must be the id in the address') }).strict();
    expect(body.parse({ id: 5 })).toEqual({ id: 5 });
  });

  it('marks each kind readOnly: true in the JSON schema a write body documents', () => {
    const body = z.object({
      id: mustMatchOnWrite(z.number().int(), 'must match'),
      created_at: ignoredOnWrite(z.string()),
      shown: readOnly(z.string()),
      name: z.string(),
    });
    const properties = z.toJSONSchema(body, { io: 'input' }).properties as Record<string, { readOnly?: boolean }>;
    expect(Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, p.readOnly ?? false]))).toEqual({
      id: true,
      created_at: true,
      shown: true,
      name: false,
    });
  });
});
