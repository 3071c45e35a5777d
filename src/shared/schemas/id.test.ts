import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveAppRoute } from '../app-routes.ts';
import { IdParamSchema, ID_MAX, parseIdText } from './id.ts';
import { InstitutionUpdateSchema } from './institution.ts';
import { ProgramUpdateSchema } from './program.ts';
import { FindCriteriaQuerySchema, FindCriteriaSchema } from './find-criteria.ts';
import { RecordMediansQuerySchema } from './record-medians.ts';
import { RecordUpdateSchema } from './record.ts';
import { UserCreateSchema, UserUpdateSchema } from './user.ts';

/** Any text at all, weighted towards the spellings a lenient number parser accepts. */
const idLikeText = fc.oneof(
  fc.string({ unit: fc.constantFrom('0', '1', '9', '+', '-', '.', 'e', 'x', ' ', '_'), maxLength: 12 }),
  fc.bigInt({ min: -10n, max: 10n ** 12n }).map(String),
  fc.string({ maxLength: 12 }),
);
/** The rule in other words: only digits, not starting with 0, and at most ID_MAX. */
const isCanonical = (text: string) =>
  text.length > 0 && [...text].every((c) => c >= '0' && c <= '9') && text[0] !== '0' && BigInt(text) <= BigInt(ID_MAX);

describe('ids', () => {
  it('reads exactly the canonical, in-range spellings, and reads them as themselves', () => {
    fc.assert(
      fc.property(idLikeText, (text) => {
        const id = parseIdText(text);
        expect(id !== null).toBe(isCanonical(text));
        if (id !== null) expect(String(id)).toBe(text);
        expect(IdParamSchema.safeParse({ id: text }).success).toBe(isCanonical(text));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: ID_MAX }), (n) => {
        expect(parseIdText(String(n))).toBe(n);
      }),
    );
  });

  it('is the rule of the page routes too (/records/{id} is a 404 page exactly when the API would say 400)', () => {
    fc.assert(
      fc.property(
        idLikeText.filter((t) => !t.includes('/') && !t.includes('%')),
        (text) => {
          const page = resolveAppRoute(`/records/${encodeURIComponent(text)}`, '', false);
          if (page?.route.id === 'record') expect(isCanonical(text)).toBe(true);
          if (isCanonical(text)) expect(page?.route.id).toBe('record');
        },
      ),
    );
    // As the address writes it: percent-encoded digits name no page, as they name no record in the API (issue 28).
    for (const path of ['/records/%37%32%38', '/records/%31', '/admin/1%30', '/returns/%32']) {
      expect(resolveAppRoute(path, '', false), path).toBeNull();
    }
  });

  it.each([
    ['institutionIds', '06600'],
    ['institutionIds', '1e3'],
    ['programIds', '0x10'],
    ['programIds', '2147483648'],
    ['institutionIds', '5,+6'],
  ])('a query list %s=%s is refused, naming the parameter', (name, value) => {
    const result = FindCriteriaQuerySchema.safeParse({ [name]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual([name]);
  });

  // Issue 28: the list parser trimmed items and dropped empty ones, so these passed as [1] or [1, 2].
  it.each([' 1', '1 ', '\t1', '+1', '-1', '1,,2', ',1', '1,', ',', '1, 2', ' ', '١'])(
    'an id list written %j is refused, naming the parameter',
    (value) => {
      for (const name of ['institutionIds', 'programIds']) {
        const result = FindCriteriaQuerySchema.safeParse({ [name]: value });
        expect(result.error?.issues[0]?.path, `${name}=${value}`).toEqual([name]);
        expect(FindCriteriaQuerySchema.safeParse({ [name]: ['2', value] }).success, `${name}=2&${name}=${value}`).toBe(false);
      }
    },
  );

  it('reads an id list only as canonical ids, item by item (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(idLikeText, { minLength: 1, maxLength: 4 }), (items) => {
        const value = items.join(',');
        const result = FindCriteriaQuerySchema.safeParse({ institutionIds: value });
        if (value === '') expect(result.success && result.data.institutionIds).toBe(undefined);
        else expect(result.success, value).toBe(value.split(',').every(isCanonical));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads canonical ids in query lists and programId', () => {
    expect(FindCriteriaQuerySchema.parse({ institutionIds: '6600,1', programIds: ['2147483647'] })).toMatchObject({
      institutionIds: [6600, 1],
      programIds: [2147483647],
    });
    const medians = { fiscalYear: '2024/25', term: 'Fall' };
    expect(RecordMediansQuerySchema.parse({ ...medians, programId: '16' }).programId).toBe(16);
    for (const programId of ['0x10', '016', '1e1', '+16', '16.0', '2147483648']) {
      const result = RecordMediansQuerySchema.safeParse({ ...medians, programId });
      expect(result.error?.issues[0]?.path, programId).toEqual(['programId']);
    }
  });

  it.each([0, -1, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER])('refuses %s as an id in any request body', (bad) => {
    const bodies: [string, { safeParse(v: unknown): { success: boolean } }, unknown][] = [
      ['find institutionIds', FindCriteriaSchema, { institutionIds: [bad] }],
      ['find programIds', FindCriteriaSchema, { programIds: [bad] }],
      ['record PATCH id', RecordUpdateSchema, { version: 1, id: bad }],
      ['record PATCH institution_id', RecordUpdateSchema, { version: 1, institution_id: bad }],
      ['record PATCH program_id', RecordUpdateSchema, { version: 1, program_id: bad }],
      ['user PATCH id', UserUpdateSchema, { id: bad }],
      ['user PATCH homeInstitution', UserUpdateSchema, { homeInstitution: bad }],
      ['user add privileges', UserCreateSchema, { username: 'x', privileges: { read: [bad] } }],
      ['program PATCH id', ProgramUpdateSchema, { id: bad }],
      ['program PATCH institution_id', ProgramUpdateSchema, { institution_id: bad }],
      ['institution PATCH id', InstitutionUpdateSchema, { id: bad }],
    ];
    for (const [what, schema, body] of bodies) expect(schema.safeParse(body).success, what).toBe(false);
  });

  it('takes a JSON number written 1e3 as the id 1000', () => {
    expect(FindCriteriaSchema.parse(JSON.parse('{"institutionIds":[1e3]}')).institutionIds).toEqual([1000]);
  });
});
