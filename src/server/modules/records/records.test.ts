import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, records } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createRoleMatrix, createUser, type RoleName, ROLE_NAMES } from '../../test/factories.ts';
import { READ_OWN_STATUS } from '../../test/matrix.ts';
import {
  createProgram,
  insertRecord,
  nextRecordKey,
  recordBody,
  VALID_FIGURES,
  validFiguresArbitrary,
} from '../../test/record-factories.ts';

describe('records API: rights, create, edit, conflicts, audit', () => {
  let ctx: TestContext;
  let matrix: Awaited<ReturnType<typeof createRoleMatrix>>;
  let own: number;
  let other: number;
  let ownProgram: number;
  let otherProgram: number;
  const cookies = {} as Record<RoleName, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    matrix = await createRoleMatrix(ctx.db);
    ({ own, other } = matrix.institutions);
    ownProgram = await createProgram(ctx.db, own, { name: 'Own Co-op' });
    otherProgram = await createProgram(ctx.db, other, { name: 'Other Co-op' });
    for (const role of ROLE_NAMES) cookies[role] = role === 'signedOut' ? '' : await ctx.cookieFor(matrix.users[role]);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, role: RoleName, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: cookies[role] ? { cookie: cookies[role] } : {} });
  const count = async () => (await ctx.db.select({ id: records.id }).from(records)).length;
  const row = async (id: number) => (await ctx.db.select().from(records).where(eq(records.id, id)))[0]!;
  const create = async (overrides: Record<string, unknown> = {}, role: RoleName = 'appAdmin') => {
    const res = await call('PUT', '/api/records', role, recordBody(own, ownProgram, overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  const get = async (id: number) => (await call('GET', `/api/records/${id}`, 'appAdmin')).json();
  const auditOf = (id: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'record'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);

  describe('authorization matrix (own and other institution)', () => {
    let ownRecord: number;
    let otherRecord: number;
    beforeAll(async () => {
      ownRecord = await insertRecord(ctx.db, { institutionId: own, programId: ownProgram });
      otherRecord = await insertRecord(ctx.db, { institutionId: other, programId: otherProgram });
    });

    const readOwn: Record<RoleName, number> = READ_OWN_STATUS;
    const readOther: Record<RoleName, number> = { ...readOwn, reader: 403, writer: 403, instAdmin: 403 };
    const writeOwn: Record<RoleName, number> = {
      signedOut: 401,
      userOnly: 403,
      reader: 403,
      writer: 200,
      instAdmin: 200,
      globalReader: 403,
      appAdmin: 200,
    };
    const writeOther: Record<RoleName, number> = { ...writeOwn, writer: 403, instAdmin: 403 };

    it.each(ROLE_NAMES)('GET /api/records/{id} and its history as %s', async (role) => {
      for (const [id, expected] of [
        [ownRecord, readOwn[role]],
        [otherRecord, readOther[role]],
      ] as const) {
        expect((await call('GET', `/api/records/${id}`, role)).statusCode).toBe(expected);
        expect((await call('GET', `/api/records/${id}/history`, role)).statusCode).toBe(expected);
      }
    });

    it.each(ROLE_NAMES)('GET /api/records/inst/{id} as %s', async (role) => {
      const ownRes = await call('GET', `/api/records/inst/${own}`, role);
      expect(ownRes.statusCode).toBe(readOwn[role]);
      if (ownRes.statusCode === 200) {
        expect(ownRes.json().items.every((r: { institution_id: number }) => r.institution_id === own)).toBe(true);
      }
      expect((await call('GET', `/api/records/inst/${other}`, role)).statusCode).toBe(readOther[role]);
    });

    it.each(ROLE_NAMES)('GET /api/records and POST /api/records/find list only readable institutions, as %s', async (role) => {
      const expectedInstitutions: Record<RoleName, number[] | null> = {
        signedOut: null,
        userOnly: [],
        reader: [own],
        writer: [own],
        instAdmin: [own],
        globalReader: [own, other],
        appAdmin: [own, other],
      };
      for (const res of [
        await call('GET', '/api/records?pageSize=500', role),
        await call('POST', '/api/records/find', role, { pageSize: 500 }),
        // Asking for another institution by name widens nothing.
        await call('POST', '/api/records/find', role, { institutionIds: [other], pageSize: 500 }),
      ]) {
        const expected = expectedInstitutions[role];
        if (expected === null) {
          expect(res.statusCode).toBe(401);
          continue;
        }
        expect(res.statusCode).toBe(200);
        const seen = new Set(res.json().items.map((r: { institution_id: number }) => r.institution_id));
        for (const id of seen) expect(expected).toContain(id);
      }
      if (expectedInstitutions[role]?.length === 0) {
        expect((await call('GET', '/api/records', role)).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
      }
    });

    it.each(ROLE_NAMES)('PUT /api/records at own and other institution as %s', async (role) => {
      for (const [institution, program, expected] of [
        [own, ownProgram, writeOwn[role]],
        [other, otherProgram, writeOther[role]],
      ] as const) {
        const before = await count();
        const res = await call('PUT', '/api/records', role, recordBody(institution, program));
        expect(res.statusCode, `${role} at ${institution}: ${res.body}`).toBe(expected);
        expect(await count()).toBe(before + (expected === 200 ? 1 : 0));
      }
    });

    it.each(ROLE_NAMES)('PATCH /api/records/{id} on own and other institution as %s', async (role) => {
      for (const [id, expected] of [
        [ownRecord, writeOwn[role]],
        [otherRecord, writeOther[role]],
      ] as const) {
        const { version, notes } = await row(id);
        const res = await call('PATCH', `/api/records/${id}`, role, { version, notes: `Edited by ${role}` });
        expect(res.statusCode, res.body).toBe(expected);
        const after = await row(id);
        expect(after.notes).toBe(expected === 200 ? `Edited by ${role}` : notes);
        expect(after.version).toBe(expected === 200 ? version + 1 : version);
      }
    });

    it('refuses before validating: a user without rights gets 403 even for a body full of errors', async () => {
      const bad = { institution_id: other, program_id: 'x', fiscal_year: 'soon', students_placed: -1 };
      for (const role of ['userOnly', 'reader', 'globalReader', 'writer'] as const) {
        const res = await call('PUT', '/api/records', role, bad);
        expect(res.statusCode).toBe(403);
        expect(res.json().fieldErrors).toBeUndefined();
        const patch = await call('PATCH', `/api/records/${otherRecord}`, role, { students_placed: -1 });
        expect(patch.statusCode).toBe(403);
        expect(patch.json().fieldErrors).toBeUndefined();
      }
    });
  });

  describe('create', () => {
    it('creates a submitted record, answers {id}, and returns it exactly, with display names', async () => {
      const body = recordBody(own, ownProgram, { notes: 'Strong term.' });
      const res = await call('PUT', '/api/records', 'writer', body);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['id']);
      const id = res.json().id;
      expect(Number.isInteger(id)).toBe(true);
      const got = (await call('GET', `/api/records/${id}`, 'reader')).json();
      expect(got).toEqual({
        id,
        ...body,
        institution_short_name: expect.any(String),
        institution_name: expect.any(String),
        program_name: 'Own Co-op',
        version: 1,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        created_by: matrix.users.writer,
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updated_by: matrix.users.writer,
      });
      expect(got.created_at).toBe(got.updated_at);
    });

    it('saves an incomplete draft (status defaults to draft), with absent figures as null', async () => {
      const res = await call('PUT', '/api/records', 'writer', {
        institution_id: own,
        program_id: ownProgram,
        ...nextRecordKey(),
        students_enrolled: 80,
      });
      expect(res.statusCode, res.body).toBe(200);
      const got = await get(res.json().id);
      expect(got).toMatchObject({
        status: 'draft',
        students_enrolled: 80,
        students_placed: null,
        avg_hourly_wage: null,
        notes: null,
      });
    });

    it('saves a draft whose splits do not add up yet, but not one whose present comparisons fail', async () => {
      expect(
        (await call('PUT', '/api/records', 'writer', recordBody(own, ownProgram, { status: 'draft', wt_4_month: 1 }))).statusCode,
      ).toBe(200);
      const before = await count();
      const res = await call(
        'PUT',
        '/api/records',
        'writer',
        recordBody(own, ownProgram, { status: 'draft', students_placed: 51 }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.students_placed).toEqual([
        'Students placed (51) cannot be more than students seeking a work term (50)',
      ]);
      expect(await count()).toBe(before);
    });

    it('refuses to submit an incomplete record, naming every missing count', async () => {
      const before = await count();
      const res = await call(
        'PUT',
        '/api/records',
        'writer',
        recordBody(own, ownProgram, { wt_nechako: null, employers_new: undefined }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({
        wt_nechako: ['Work terms in Nechako is required to submit the record; save it as a draft to finish later'],
        employers_new: ['New employers is required to submit the record; save it as a draft to finish later'],
      });
      expect(await count()).toBe(before);
    });

    it('keeps money exactly: "23.45" round-trips, "7.5" is stored as "7.50", the largest amount fits', async () => {
      const id = await create({ avg_hourly_wage: '23.45', coop_fee_domestic: '7.5', coop_fee_international: '99999999.99' });
      expect(await get(id)).toMatchObject({
        avg_hourly_wage: '23.45',
        coop_fee_domestic: '7.50',
        coop_fee_international: '99999999.99',
      });
      const [raw] = await ctx.db
        .execute(sql`SELECT avg_hourly_wage::text AS w FROM records WHERE id = ${id}`)
        .then((r) => (r as unknown as { rows: { w: string }[] }).rows);
      expect(raw!.w).toBe('23.45');
    });

    describe('validation: 400 naming the field, in words, nothing written', () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['students_enrolled', { students_enrolled: -1 }, 'Students enrolled cannot be negative'],
        ['students_seeking', { students_seeking: 1.5 }, 'Students seeking a work term must be a whole number'],
        ['students_placed', { students_placed: '42' }, 'Students placed must be a whole number'],
        ['wt_kootenay', { wt_kootenay: 1_000_001 }, 'Work terms in Kootenay must be at most 1,000,000'],
        [
          'students_placed',
          { students_placed: 51 },
          'Students placed (51) cannot be more than students seeking a work term (50)',
        ],
        [
          'students_seeking',
          { students_seeking: 101 },
          'Students seeking a work term (101) cannot be more than students enrolled (100)',
        ],
        ['wt_4_month', { wt_8_month: 9 }, 'Work terms by duration add up to 41; they must equal students placed (42)'],
        [
          'wt_vancouver_island_coast',
          { wt_international: 3 },
          'Work terms by location add up to 44; they must equal students placed (42)',
        ],
        ['wt_private', { wt_nonprofit: 0 }, 'Work terms by employer sector add up to 40; they must equal students placed (42)'],
        ['employers_new', { employers_new: 31 }, 'New employers (31) cannot be more than employers in total (30)'],
        ['intl_students', { intl_students: 43 }, 'International students placed (43) cannot be more than students placed (42)'],
        [
          'indigenous_students',
          { indigenous_students: 43 },
          'Indigenous students placed (43) cannot be more than students placed (42)',
        ],
        [
          'students_with_disability',
          { students_with_disability: 43 },
          'Students with a disability placed (43) cannot be more than students placed (42)',
        ],
        [
          'avg_hourly_wage',
          { avg_hourly_wage: '23.456' },
          'Average hourly wage can have at most two decimals (cents), such as 23.45',
        ],
        ['avg_hourly_wage', { avg_hourly_wage: 23.45 }, 'Average hourly wage must be sent as text, such as "23.45"'],
        ['coop_fee_domestic', { coop_fee_domestic: '-1.00' }, 'Co-op fee (domestic) cannot be negative'],
        [
          'coop_fee_domestic',
          { coop_fee_domestic: '12,50' },
          'Co-op fee (domestic) must be an amount in dollars and cents, such as 23.45',
        ],
        [
          'coop_fee_international',
          { coop_fee_international: '100000000' },
          'Co-op fee (international) must be less than $100,000,000',
        ],
        [
          'fiscal_year',
          { fiscal_year: '2024/26' },
          'Fiscal year 2024/26 is not valid: a fiscal year starting in 2024 is written 2024/25',
        ],
        [
          'fiscal_year',
          { fiscal_year: '2024-25' },
          'Fiscal year must be written like 2024/25: the year it starts in April, a slash, and the next year’s last two digits',
        ],
        ['fiscal_year', { fiscal_year: undefined }, 'Fiscal year is required'],
        ['term', { term: 'Winter' }, 'Term must be one of: Summer, Fall, Spring'],
        ['term', { term: undefined }, 'Term is required'],
        ['status', { status: 'final' }, 'Status must be draft or submitted'],
        ['notes', { notes: 'x'.repeat(4001) }, 'Notes must be at most 4,000 characters'],
        ['program_id', { program_id: undefined }, 'Program is required'],
        // A record read from GET may be sent as a new one, but not with its id: that body belongs in a PATCH of it.
        ['id', { id: 1 }, 'id is not a field this request accepts'],
        ['creator', { creator: 1 }, 'creator is not a field this request accepts'],
      ];
      it.each(cases.map(([field, overrides, message]) => [field, message, overrides] as const))(
        'refuses a bad %s: %s',
        async (field, message, overrides) => {
          const before = await count();
          const res = await call('PUT', '/api/records', 'writer', recordBody(own, ownProgram, overrides));
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().fieldErrors[field]).toEqual([message]);
          expect(res.json().message).toContain(message);
          expect(await count()).toBe(before);
        },
      );

      it('accepts the boundaries: placed = seeking = enrolled, new employers = employers, demographics = placed, zero placed', async () => {
        await create({
          students_enrolled: 42,
          students_seeking: 42,
          employers_new: 30,
          intl_students: 42,
          indigenous_students: 42,
          students_with_disability: 42,
        });
        const zero = Object.fromEntries(Object.entries(VALID_FIGURES).map(([k, v]) => [k, typeof v === 'number' ? 0 : v]));
        await create(zero);
      });

      it('checks the program: it must exist, be active and belong to the institution; the institution must be active', async () => {
        const inactiveProgram = await createProgram(ctx.db, own, { activeInd: false });
        const closedInstitution = await createInstitution(ctx.db, { activeInd: false });
        const closedProgram = await createProgram(ctx.db, closedInstitution);
        const before = await count();
        for (const [body, field] of [
          [recordBody(own, 999_999), 'program_id'],
          [recordBody(own, otherProgram), 'program_id'],
          [recordBody(own, inactiveProgram), 'program_id'],
          [recordBody(closedInstitution, closedProgram), 'institution_id'],
          [recordBody(999_999, ownProgram), 'institution_id'],
        ] as const) {
          const res = await call('PUT', '/api/records', 'appAdmin', body);
          expect(res.statusCode, res.body).toBe(400);
          expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
        }
        expect(await count()).toBe(before);
        const wrong = await call('PUT', '/api/records', 'writer', recordBody(own, otherProgram));
        expect(wrong.json().fieldErrors.program_id).toEqual([
          expect.stringMatching(/^Other Co-op is a program of TI\d+, not of the record's institution$/),
        ]);
      });
    });

    it('answers 409 naming the existing record for a second record of one program, fiscal year and term', async () => {
      const key = nextRecordKey();
      const first = await create(key);
      const before = await count();
      const res = await call('PUT', '/api/records', 'writer', recordBody(own, ownProgram, { ...key, status: 'draft' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        existingId: first,
        message: `Own Co-op already has a record for ${key.term} ${key.fiscal_year} (record ${first}); open that record to change it`,
      });
      expect(await count()).toBe(before);
      // Another term of the same year, or another program, is fine.
      const otherTerm = key.term === 'Fall' ? 'Spring' : 'Fall';
      await create({ fiscal_year: key.fiscal_year, term: otherTerm });
      const secondProgram = await createProgram(ctx.db, own);
      expect((await call('PUT', '/api/records', 'writer', recordBody(own, secondProgram, key))).statusCode).toBe(200);
    });

    it('lets exactly one of two simultaneous identical creates through; the other gets 409', async () => {
      const body = recordBody(own, ownProgram);
      const results = await Promise.all([
        call('PUT', '/api/records', 'writer', body),
        call('PUT', '/api/records', 'instAdmin', body),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().id;
      expect(results.find((r) => r.statusCode === 409)!.json().existingId).toBe(winner);
    });

    it('audits a create with the wire record as after, in the same transaction', async () => {
      const id = await create();
      const audit = await auditOf(id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'create', changedBy: matrix.users.appAdmin, before: null, after: await get(id) });
    });
  });

  describe('edit', () => {
    it('saves a change: version increments, updated_at/updated_by set, the saved record returned, audited', async () => {
      const id = await create({}, 'writer');
      const loaded = await get(id);
      const res = await call('PATCH', `/api/records/${id}`, 'instAdmin', {
        id,
        version: 1,
        notes: 'Corrected',
        avg_hourly_wage: '24.10',
        institution_id: own,
        program_id: ownProgram,
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json();
      expect(saved).toEqual({
        ...loaded,
        notes: 'Corrected',
        avg_hourly_wage: '24.10',
        version: 2,
        updated_by: matrix.users.instAdmin,
        updated_at: expect.any(String),
      });
      expect(saved.updated_at >= loaded.updated_at).toBe(true);
      expect(await get(id)).toEqual(saved);
      const audit = await auditOf(id);
      expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
      expect(audit[1]).toMatchObject({ changedBy: matrix.users.instAdmin, before: loaded, after: saved });
    });

    it('answers 409 with the current record for a stale version, and writes nothing', async () => {
      const id = await create();
      const first = await call('PATCH', `/api/records/${id}`, 'writer', { version: 1, notes: 'First' });
      expect(first.statusCode).toBe(200);
      const current = first.json();
      const stale = await call('PATCH', `/api/records/${id}`, 'instAdmin', { version: 1, notes: 'Second' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ statusCode: 409, message: expect.stringContaining('Nothing was saved'), current });
      expect(await get(id)).toEqual(current);
      expect((await auditOf(id)).length).toBe(2);
    });

    it('lets exactly one of two simultaneous edits of one version win', async () => {
      const id = await create();
      const results = await Promise.all([
        call('PATCH', `/api/records/${id}`, 'writer', { version: 1, notes: 'Writer' }),
        call('PATCH', `/api/records/${id}`, 'instAdmin', { version: 1, notes: 'Admin' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json();
      expect(await get(id)).toEqual(winner);
      expect(winner.version).toBe(2);
      expect(results.find((r) => r.statusCode === 409)!.json().current).toEqual(winner);
    });

    it('never moves a record to another institution or program', async () => {
      const id = await create();
      const secondProgram = await createProgram(ctx.db, own);
      for (const [patch, field] of [
        [{ institution_id: other }, 'institution_id'],
        [{ program_id: secondProgram }, 'program_id'],
      ] as const) {
        const res = await call('PATCH', `/api/records/${id}`, 'appAdmin', { version: 1, ...patch });
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors).toEqual({ [field]: ['A record cannot move to another institution or program'] });
      }
      expect((await row(id)).version).toBe(1);
    });

    it('checks the merged record against the rules of its new status', async () => {
      const id = await create();
      const bad = await call('PATCH', `/api/records/${id}`, 'writer', { version: 1, students_placed: 43 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual({
        wt_4_month: ['Work terms by duration add up to 42; they must equal students placed (43)'],
        wt_vancouver_island_coast: ['Work terms by location add up to 42; they must equal students placed (43)'],
        wt_private: ['Work terms by employer sector add up to 42; they must equal students placed (43)'],
      });
      // As a draft the same change may be saved; submitting it again needs the splits fixed.
      const draft = await call('PATCH', `/api/records/${id}`, 'writer', { version: 1, students_placed: 43, status: 'draft' });
      expect(draft.statusCode, draft.body).toBe(200);
      const submit = await call('PATCH', `/api/records/${id}`, 'writer', { version: 2, status: 'submitted' });
      expect(submit.statusCode).toBe(400);
      expect(Object.keys(submit.json().fieldErrors)).toEqual(['wt_4_month', 'wt_vancouver_island_coast', 'wt_private']);
      const fixed = await call('PATCH', `/api/records/${id}`, 'writer', {
        version: 2,
        status: 'submitted',
        wt_4_month: 31,
        wt_mainland_southwest: 11,
        wt_private: 31,
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect((await auditOf(id)).map((a) => a.action)).toEqual(['create', 'reopen', 'submit']);
      // Clearing a count of a submitted record is refused; of a draft it is not.
      const clear = await call('PATCH', `/api/records/${id}`, 'writer', { version: 3, wt_kootenay: null });
      expect(clear.json().fieldErrors.wt_kootenay).toEqual([
        'Work terms in Kootenay is required to submit the record; save it as a draft to finish later',
      ]);
      const rule = await call('PATCH', `/api/records/${id}`, 'writer', { version: 3, avg_hourly_wage: '1.001' });
      expect(rule.statusCode).toBe(400);
      expect(Object.keys(rule.json().fieldErrors)).toEqual(['avg_hourly_wage']);
      expect((await row(id)).version).toBe(3);
    });

    it('moves a record to another fiscal year or term unless that one is taken (409 with existingId)', async () => {
      const a = await create();
      const b = await create();
      const bKey = await get(b);
      const clash = await call('PATCH', `/api/records/${a}`, 'writer', {
        version: 1,
        fiscal_year: bKey.fiscal_year,
        term: bKey.term,
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().existingId).toBe(b);
      const free = nextRecordKey();
      const moved = await call('PATCH', `/api/records/${a}`, 'writer', { version: 1, ...free });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ ...free, version: 2 });
    });

    it('treats a patch that changes nothing as saved without writing: same version, no audit row', async () => {
      const id = await create({ avg_hourly_wage: '20.50' });
      const res = await call('PATCH', `/api/records/${id}`, 'writer', {
        version: 1,
        avg_hourly_wage: '20.5',
        students_placed: 42,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBe(1);
      expect((await auditOf(id)).length).toBe(1);
    });

    it('answers 400 for a bad body or id, and 404 for a record that does not exist', async () => {
      const id = await create();
      for (const body of [{ notes: 'no version' }, { version: '1' }, { version: 1, id: id + 1 }, { version: 1, extra: 1 }]) {
        expect((await call('PATCH', `/api/records/${id}`, 'writer', body)).statusCode).toBe(400);
      }
      expect((await call('PATCH', `/api/records/${id}`, 'writer', { notes: 'x' })).json().fieldErrors).toHaveProperty('version');
      expect((await call('PATCH', '/api/records/999999', 'appAdmin', { version: 1 })).statusCode).toBe(404);
      expect((await call('PATCH', '/api/records/999999', 'writer', { version: 1 })).statusCode).toBe(404);
      expect((await call('GET', '/api/records/999999', 'reader')).statusCode).toBe(404);
      expect((await call('GET', '/api/records/999999/history', 'reader')).statusCode).toBe(404);
      expect((await call('GET', '/api/records/abc', 'reader')).statusCode).toBe(400);
      expect((await call('GET', '/api/records/0', 'reader')).statusCode).toBe(400);
      expect((await call('GET', '/api/records/inst/999999', 'appAdmin')).statusCode).toBe(404);
    });
  });

  describe('properties (fast-check)', () => {
    it('any valid record round-trips exactly: what is saved is what is read back', async () => {
      await fc.assert(
        fc.asyncProperty(validFiguresArbitrary, async (figures) => {
          const body = recordBody(own, ownProgram, figures);
          const res = await call('PUT', '/api/records', 'writer', body);
          expect(res.statusCode, res.body).toBe(200);
          const { institution_id, program_id, ...rest } = body;
          expect(await get(res.json().id)).toMatchObject({ institution_id, program_id, ...rest });
        }),
        { numRuns: 25 },
      );
    });

    /** Ways to break a valid record, each with the field the 400 must name. */
    const breakers: [string, (f: Record<string, number>) => Record<string, unknown>][] = [
      ['students_enrolled', () => ({ students_enrolled: -1 })],
      ['students_placed', (f) => ({ students_placed: f.students_seeking! + 1 })],
      ['students_seeking', (f) => ({ students_seeking: f.students_enrolled! + 1 })],
      ['wt_4_month', (f) => ({ wt_4_month: f.wt_4_month! + 1 })],
      ['wt_vancouver_island_coast', (f) => ({ wt_international: f.wt_international! + 1 })],
      ['wt_private', (f) => ({ wt_nonprofit: f.wt_nonprofit! + 1 })],
      ['employers_new', (f) => ({ employers_new: f.employers_total! + 1 })],
      ['students_with_disability', (f) => ({ students_with_disability: f.students_placed! + 1 })],
      ['avg_hourly_wage', () => ({ avg_hourly_wage: '1.005' })],
      ['fiscal_year', () => ({ fiscal_year: '2024/24' })],
      ['wt_cariboo', () => ({ wt_cariboo: 0.5 })],
    ];

    it('any record broken in one way is refused with a 400 naming the field, and nothing is written', async () => {
      const before = await count();
      await fc.assert(
        fc.asyncProperty(validFiguresArbitrary, fc.constantFrom(...breakers), async (figures, [field, breakIt]) => {
          const body = recordBody(own, ownProgram, { ...figures, ...breakIt(figures as Record<string, number>) });
          const res = await call('PUT', '/api/records', 'writer', body);
          expect(res.statusCode, res.body).toBe(400);
          expect(Object.keys(res.json().fieldErrors)).toContain(field);
        }),
        { numRuns: 40 },
      );
      expect(await count()).toBe(before);
    });
  });

  describe('history', () => {
    it('lists who changed what and when, newest first, with before → after of each changed value', async () => {
      const editor = await createUser(ctx.db, {
        username: 'history-editor',
        prefName: 'Hana Editor',
        privileges: { write: [own] },
      });
      const editorCookie = await ctx.cookieFor(editor);
      const id = await create({ status: 'draft', wt_4_month: 29 }, 'writer');
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/records/${id}`,
        headers: { cookie: editorCookie },
        payload: { version: 1, wt_4_month: 30, status: 'submitted', notes: 'Done' },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      const res = await call('GET', `/api/records/${id}/history`, 'reader');
      expect(res.statusCode).toBe(200);
      const [submit, created] = res.json();
      expect(submit).toEqual({
        id: expect.any(Number),
        action: 'submit',
        changed_at: expect.stringMatching(/Z$/),
        changed_by: editor,
        username: 'history-editor',
        prefName: 'Hana Editor',
        changes: [
          { field: 'wt_4_month', label: '4-month work terms', before: 29, after: 30 },
          { field: 'notes', label: 'Notes', before: null, after: 'Done' },
          { field: 'status', label: 'Status', before: 'draft', after: 'submitted' },
        ],
      });
      expect(created).toMatchObject({ action: 'create', changed_by: matrix.users.writer, username: 'matrix-writer' });
      expect(created.changes).toContainEqual({
        field: 'avg_hourly_wage',
        label: 'Average hourly wage',
        before: null,
        after: '23.45',
      });
      expect(created.changes.find((c: { field: string }) => c.field === 'notes')).toBeUndefined();
    });
  });
});
