import { stringify } from 'csv-stringify/sync';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_FIELDS, MONEY_FIELDS, RECORD_FIELD_LABELS } from '../../../shared/record-rules.ts';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  XLSX_CONTENT_TYPE,
  type ImportField,
  type ImportRowResult,
} from '../../../shared/schemas/import.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, records } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, ROLE_NAMES, type RoleName } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord, VALID_FIGURES } from '../../test/record-factories.ts';

type Cells = (string | number | null)[];

/** A text matched literally inside a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The headings of a file laid out as the record export lays it out (the fields' labels). */
const FIGURE_FIELDS = [...COUNT_FIELDS, ...MONEY_FIELDS] as const;
const HEADINGS = ['Institution', 'Program', 'Fiscal year', 'Term', ...FIGURE_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]), 'Notes'];

/** A data row in HEADINGS order: VALID_FIGURES unless overridden. */
function dataRow(
  institution: string,
  program: string,
  fiscalYear: string,
  term: string,
  overrides: Partial<Record<string, string | number | null>> = {},
): Cells {
  const figures = { ...VALID_FIGURES, notes: null, ...overrides } as Record<string, string | number | null>;
  return [institution, program, fiscalYear, term, ...FIGURE_FIELDS.map((f) => figures[f] ?? null), figures.notes ?? null];
}

const csvText = (rows: Cells[], headings: string[] = HEADINGS) => stringify([headings, ...rows]);

/** The mapping a person would choose: each field to the column whose heading is its label. */
function mappingFor(columns: string[]): Partial<Record<ImportField, number>> {
  const mapping: Partial<Record<ImportField, number>> = {};
  for (const field of IMPORT_FIELDS) {
    const index = columns.indexOf(IMPORT_FIELD_LABELS[field]);
    if (index >= 0) mapping[field] = index;
  }
  return mapping;
}

describe('imports API: read a file, check it row by row, write all or nothing', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let matrix: MatrixCaller['matrix'];
  const cookies = {} as Record<RoleName, string>;
  let own: number;
  let other: number;
  let ownShort: string;
  let otherShort: string;
  let ownProgram: number;
  let otherProgram: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
    ({ own, other } = matrix.institutions);
    for (const role of ROLE_NAMES) cookies[role] = role === 'signedOut' ? '' : await ctx.cookieFor(matrix.users[role]);
    const names = await queryRows<{ id: number; short_name: string }>(ctx.db, sql`SELECT id, short_name FROM institutions`);
    ownShort = names.find((n) => n.id === own)!.short_name;
    otherShort = names.find((n) => n.id === other)!.short_name;
    ownProgram = await createProgram(ctx.db, own, { name: 'Computing Co-op' });
    await createProgram(ctx.db, own, { name: 'Business Co-op' });
    await createProgram(ctx.db, own, { name: 'Retired Co-op', activeInd: false });
    otherProgram = await createProgram(ctx.db, other, { name: 'Other Co-op' });
  });
  afterAll(() => ctx.close());

  const upload = (role: RoleName, body: string | Buffer, contentType = 'text/csv') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/imports/parse',
      payload: body,
      headers: { 'content-type': contentType, ...(cookies[role] ? { cookie: cookies[role] } : {}) },
    });
  const dryRun = (role: RoleName, body: object) => call('POST', '/api/imports/dry-run', role, body);
  const commit = (role: RoleName, body: object) => call('POST', '/api/imports/commit', role, body);
  /** Parses a CSV as the writer and maps it by its headings: the body a dry run takes. */
  async function importBody(csv: string, extra: object = {}, role: RoleName = 'writer') {
    const res = await upload(role, csv);
    expect(res.statusCode, res.body).toBe(200);
    const { columns, rows } = res.json() as { columns: string[]; rows: string[][] };
    return { mapping: mappingFor(columns), rows, ...extra };
  }
  const recordCount = async () => (await ctx.db.select({ id: records.id }).from(records)).length;
  const auditCount = async () => (await ctx.db.select({ id: auditLog.id }).from(auditLog)).length;
  const recordRow = async (id: number) => (await ctx.db.select().from(records).where(eq(records.id, id)))[0]!;
  const recordAudit = (id: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'record'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);

  describe('POST /api/imports/parse', () => {
    it('reads a CSV file: headings, rows of text, a byte-order mark and quoted commas; trailing blank lines dropped', async () => {
      const csv =
        '\uFEFFInstitution,Program,Students placed,Notes\r\nUVic,"Computing, co-op","1,234",\r\nSFU,Arts,7,"Two\nlines"\r\n\r\n,,,\r\n';
      const res = await upload('writer', csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        columns: ['Institution', 'Program', 'Students placed', 'Notes'],
        rows: [
          ['UVic', 'Computing, co-op', '1,234', ''],
          ['SFU', 'Arts', '7', 'Two\nlines'],
        ],
      });
    });

    it('reads semicolon-separated CSV and Windows-1252 text as older Excel saves them', async () => {
      const bytes = Buffer.from('Institution;Program;Notes\nUVic;G\xe9nie;caf\xe9\n', 'latin1');
      const res = await upload('writer', bytes, 'application/vnd.ms-excel');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ columns: ['Institution', 'Program', 'Notes'], rows: [['UVic', 'Génie', 'café']] });
    });

    it('reads the first sheet of an XLSX workbook: numbers, money, dates, formulas and rich text as text', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Figures');
      sheet.addRow(['Institution', 'Program', 'Students placed', 'Average hourly wage', 'Reported', 'Total', '']);
      sheet.addRow([
        'UVic',
        { richText: [{ text: 'Computing ' }, { text: 'Co-op', font: { bold: true } }] },
        1234,
        23.45,
        new Date(Date.UTC(2025, 0, 31)),
        { formula: 'C2+1', result: 1235 },
      ]);
      sheet.addRow([]);
      workbook.addWorksheet('Ignored').addRow(['not', 'read']);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const res = await upload('writer', bytes, XLSX_CONTENT_TYPE);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        columns: ['Institution', 'Program', 'Students placed', 'Average hourly wage', 'Reported', 'Total'],
        rows: [['UVic', 'Computing Co-op', '1234', '23.45', '2025-01-31', '1235']],
      });
    });

    it('names a blank heading by its column letter', async () => {
      const res = await upload('writer', 'Institution,,Program\nUVic,x,Arts\n');
      expect(res.json().columns).toEqual(['Institution', 'Column B', 'Program']);
    });

    it.each([
      ['an empty file', '', 'text/csv', /empty/],
      ['a file of blank lines', '\uFEFF\r\n\r\n', 'text/csv', /empty/],
      ['headings with no rows', 'Institution,Program\r\n', 'text/csv', /no rows below them/],
      ['a blank first row', ',,\r\nUVic,Arts,1\r\n', 'text/csv', /first row must hold the column headings/],
      ['a PDF', '%PDF-1.7 ...', 'application/pdf', /Upload a CSV file or an Excel workbook/],
      ['JSON', '{"rows":[]}', 'application/json', /Upload a CSV file or an Excel workbook/],
      ['text sent as a workbook', 'Institution,Program\nUVic,Arts\n', XLSX_CONTENT_TYPE, /not an Excel workbook/],
      ['an unreadable CSV', 'Institution,Program\n"UVic,Arts\n', 'text/csv', /CSV file could not be read/],
    ])('refuses %s with a 400 naming file, in words', async (_what, body, type, message) => {
      const res = await upload('writer', body, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(Object.keys(res.json().fieldErrors ?? {})).toEqual(['file']);
    });

    it('refuses an old .xls workbook and a damaged .xlsx, saying what to do', async () => {
      const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
      const old = await upload('writer', xls, 'application/vnd.ms-excel');
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toMatch(/old Excel workbook \(\.xls\).*\.xlsx/);
      const damaged = await upload(
        'writer',
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 7)]),
        XLSX_CONTENT_TYPE,
      );
      expect(damaged.statusCode).toBe(400);
      expect(damaged.json().message).toMatch(/could not be opened/);
    });

    it(`refuses more than ${MAX_IMPORT_ROWS} data rows, and a file over the size limit with 413`, async () => {
      const many = `Institution,Program\n${'UVic,Arts\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
      const tooMany = await upload('writer', many);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toMatch(/5,001 data rows; import at most 5,000/);
      const exactly = await upload('writer', `Institution,Program\n${'UVic,Arts\n'.repeat(MAX_IMPORT_ROWS)}`);
      expect(exactly.statusCode).toBe(200);
      expect(exactly.json().rows).toHaveLength(MAX_IMPORT_ROWS);

      const huge = `Institution,Notes\n${`UVic,${'x'.repeat(999)}\n`.repeat(Math.ceil(MAX_IMPORT_FILE_BYTES / 1000) + 10)}`;
      const res = await upload('writer', huge);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/larger than 5 MB/);
    });
  });

  describe('dry run and commit', () => {
    const FY = '2031/32';
    let existing: number;
    let unchanged: number;

    beforeAll(async () => {
      existing = await insertRecord(ctx.db, { institutionId: own, programId: ownProgram, fiscalYear: FY, term: 'Summer' });
      unchanged = await insertRecord(ctx.db, { institutionId: own, programId: ownProgram, fiscalYear: FY, term: 'Fall' });
    });

    /** Four rows: an update (placed 42 → 40 with a split adjusted), unchanged, a create, and an error. */
    function mixedFile(errorRow: Cells | null) {
      const update = dataRow(ownShort, 'Computing Co-op', FY, 'Summer', {
        students_placed: 40,
        wt_4_month: 28,
        wt_vancouver_island_coast: 18,
        wt_private: 28,
        avg_hourly_wage: '$24.00',
      });
      const same = dataRow(ownShort.toLowerCase(), 'computing co-op', FY, 'fall');
      const create = dataRow(ownShort, 'Business Co-op', FY, 'Summer', {
        students_enrolled: '1,100',
        notes: 'From the spreadsheet',
      });
      return csvText([update, same, create, ...(errorRow ? [errorRow] : [])]);
    }
    const badRow = () =>
      dataRow(ownShort, 'Business Co-op', FY, 'Fall', { students_placed: 'forty', students_seeking: 30, students_enrolled: 20 });

    it('classifies each row (update with before → after, unchanged, create, errors in words) and writes nothing', async () => {
      const body = await importBody(mixedFile(badRow()));
      const [recordsBefore, auditBefore] = [await recordCount(), await auditCount()];
      const res = await dryRun('writer', body);
      expect(res.statusCode, res.body).toBe(200);
      const { counts, rows } = res.json() as { counts: object; rows: ImportRowResult[] };
      expect(counts).toEqual({ rows: 4, create: 1, update: 1, unchanged: 1, conflict: 0, error: 1 });

      expect(rows[0]).toMatchObject({
        row: 2,
        action: 'update',
        recordId: existing,
        institution: ownShort,
        program: 'Computing Co-op',
      });
      expect(rows[0]!.changes).toEqual([
        { field: 'students_placed', label: 'Students placed', before: 42, after: 40 },
        { field: 'wt_4_month', label: '4-month work terms', before: 30, after: 28 },
        { field: 'wt_vancouver_island_coast', label: 'Work terms in Vancouver Island/Coast', before: 20, after: 18 },
        { field: 'wt_private', label: 'Work terms with private-sector employers', before: 30, after: 28 },
        { field: 'avg_hourly_wage', label: 'Average hourly wage', before: '23.45', after: '24.00' },
      ]);
      expect(rows[1]).toEqual({
        row: 3,
        action: 'unchanged',
        recordId: unchanged,
        institution: ownShort,
        program: 'Computing Co-op',
        fiscal_year: FY,
        term: 'Fall',
      });
      expect(rows[2]).toMatchObject({ row: 4, action: 'create', program: 'Business Co-op', fiscal_year: FY, term: 'Summer' });
      expect(rows[2]!.recordId).toBeUndefined();
      expect(rows[2]!.changes).toContainEqual({
        field: 'students_enrolled',
        label: 'Students enrolled',
        before: null,
        after: 1100,
      });
      expect(rows[2]!.changes).toContainEqual({ field: 'status', label: 'Status', before: null, after: 'submitted' });
      expect(rows[3]).toMatchObject({ row: 5, action: 'error' });
      expect(rows[3]!.changes).toBeUndefined();
      expect(rows[3]!.errors).toEqual([
        {
          field: 'students_placed',
          label: 'Students placed',
          message: 'Students placed must be a whole number; "forty" is not one',
        },
        {
          field: 'students_seeking',
          label: 'Students seeking a work term',
          message: 'Students seeking a work term (30) cannot be more than students enrolled (20)',
        },
      ]);

      expect(await recordCount()).toBe(recordsBefore);
      expect(await auditCount()).toBe(auditBefore);
    });

    it('a commit with a row in error writes nothing and answers 400 with the dry run', async () => {
      const body = await importBody(mixedFile(badRow()));
      const [recordsBefore, auditBefore] = [await recordCount(), await auditCount()];
      const { version } = await recordRow(existing);
      const res = await commit('writer', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/Nothing was imported: 1 row has errors/);
      expect(res.json().result.counts).toEqual({ rows: 4, create: 1, update: 1, unchanged: 1, conflict: 0, error: 1 });
      expect(res.json().result.rows[3].errors[0].message).toMatch(/"forty" is not one/);
      expect(await recordCount()).toBe(recordsBefore);
      expect(await auditCount()).toBe(auditBefore);
      expect((await recordRow(existing)).version).toBe(version);
      expect((await recordRow(existing)).studentsPlaced).toBe(42);
    });

    it('a clean commit writes every row in one go, bumps versions, audits each record and the import; re-importing changes nothing', async () => {
      const body = await importBody(mixedFile(null), { fileName: 'figures.csv' });
      const before = await recordRow(existing);
      const beforeUnchanged = await recordRow(unchanged);
      const recordsBefore = await recordCount();
      const res = await commit('writer', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ counts: { rows: 3, create: 1, update: 1, unchanged: 1, conflict: 0, error: 0 } });
      expect(await recordCount()).toBe(recordsBefore + 1);

      const updated = await recordRow(existing);
      expect(updated).toMatchObject({ studentsPlaced: 40, wt4Month: 28, avgHourlyWage: '24.00', version: before.version + 1 });
      expect(updated.updatedBy).toBe(matrix.users.writer);
      const [audit] = await recordAudit(existing);
      expect(audit).toMatchObject({ action: 'update', changedBy: matrix.users.writer });
      expect((audit!.before as { students_placed: number }).students_placed).toBe(42);
      expect((audit!.after as { students_placed: number; version: number }).students_placed).toBe(40);

      expect(await recordRow(unchanged)).toEqual(beforeUnchanged);
      expect(await recordAudit(unchanged)).toEqual([]);

      const [created] = await queryRows<{
        id: number;
        status: string;
        students_enrolled: number;
        notes: string;
        created_by: number;
      }>(
        ctx.db,
        sql`SELECT r.id, r.status, r.students_enrolled, r.notes, r.created_by FROM records r JOIN programs p ON p.id = r.program_id
            WHERE p.name = 'Business Co-op' AND r.fiscal_year = ${FY} AND r.term = 'Summer'`,
      );
      expect(created).toMatchObject({
        status: 'submitted',
        students_enrolled: 1100,
        notes: 'From the spreadsheet',
        created_by: matrix.users.writer,
      });
      const createdAudit = await recordAudit(created!.id);
      expect(createdAudit.map((a) => a.action)).toEqual(['create']);
      // Each audit snapshot is the record exactly as the API gives it, as a normal create or edit writes it.
      expect(createdAudit[0]!.after).toEqual((await call('GET', `/api/records/${created!.id}`, 'appAdmin')).json());
      expect(audit!.after).toEqual((await call('GET', `/api/records/${existing}`, 'appAdmin')).json());

      const imports = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'import'));
      expect(imports).toHaveLength(1);
      expect(imports[0]).toMatchObject({ action: 'records', changedBy: matrix.users.writer });
      expect(imports[0]!.after).toMatchObject({
        fileName: 'figures.csv',
        counts: { rows: 3, create: 1, update: 1, unchanged: 1, conflict: 0, error: 0 },
        created: [created!.id],
        updated: [existing],
      });

      // The same file again: every row unchanged, no record touched.
      const again = await dryRun('writer', body);
      expect(again.json().counts).toEqual({ rows: 3, create: 0, update: 0, unchanged: 3, conflict: 0, error: 0 });
      const recordAuditsBefore = (await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'record'))).length;
      const snapshot = await recordRow(existing);
      const second = await commit('writer', body);
      expect(second.statusCode).toBe(200);
      expect(second.json().counts).toEqual({ rows: 3, create: 0, update: 0, unchanged: 3, conflict: 0, error: 0 });
      expect(await recordRow(existing)).toEqual(snapshot);
      expect((await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'record'))).length).toBe(recordAuditsBefore);
    });

    it('a commit refuses (409, nothing written) when a record changed after the check it names', async () => {
      const FY2 = '2036/37';
      const target = await insertRecord(ctx.db, { institutionId: own, programId: ownProgram, fiscalYear: FY2, term: 'Fall' });
      const body = await importBody(
        csvText([
          dataRow(ownShort, 'Computing Co-op', FY2, 'Fall', { notes: 'From the file' }),
          dataRow(ownShort, 'Business Co-op', FY2, 'Fall'),
        ]),
      );
      const check = (await dryRun('writer', body)).json();
      expect(check.counts).toMatchObject({ create: 1, update: 1 });
      expect((await dryRun('writer', body)).json().fingerprint).toBe(check.fingerprint);

      const { version } = await recordRow(target);
      const edit = await call('PATCH', `/api/records/${target}`, 'writer', { version, notes: 'Typed on the record page' });
      expect(edit.statusCode, edit.body).toBe(200);
      const recordsBefore = await recordCount();
      const stale = await commit('writer', { ...body, fingerprint: check.fingerprint });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().message).toMatch(/changed or added by someone else after you checked it. Nothing was imported/);
      expect(await recordCount()).toBe(recordsBefore);
      expect((await recordRow(target)).notes).toBe('Typed on the record page');

      const again = (await dryRun('writer', body)).json();
      expect(again.fingerprint).not.toBe(check.fingerprint);
      expect(again.rows[0].changes).toEqual([
        { field: 'notes', label: 'Notes', before: 'Typed on the record page', after: 'From the file' },
      ]);
      const fresh = await commit('writer', { ...body, fingerprint: again.fingerprint });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect((await recordRow(target)).notes).toBe('From the file');
    });

    it('refuses rows for an institution or a record the user may not edit, without showing its values', async () => {
      const foreign = await insertRecord(ctx.db, {
        institutionId: other,
        programId: otherProgram,
        fiscalYear: FY,
        term: 'Spring',
      });
      const file = csvText([
        dataRow(otherShort, 'Other Co-op', FY, 'Summer'),
        dataRow(ownShort, 'Computing Co-op', FY, 'Spring'),
      ]);
      const byName = await dryRun('writer', await importBody(file));
      expect(byName.json().counts).toMatchObject({ create: 1, error: 1 });
      expect(byName.json().rows[0]).toEqual({
        row: 2,
        action: 'error',
        institution: otherShort,
        errors: [
          { field: 'institution', label: 'Institution', message: `You do not have write access to the records of ${otherShort}` },
        ],
      });
      const byId = await dryRun('writer', {
        mapping: { record_id: 0, students_placed: 1 },
        rows: [[String(foreign), '1']],
      });
      expect(byId.json().rows[0].action).toBe('error');
      expect(byId.json().rows[0].errors[0].message).toBe(`No record you may edit has ID ${foreign}`);
      expect(byId.json().rows[0].changes).toBeUndefined();
      expect(JSON.stringify(byId.json())).not.toContain('Other Co-op');
      // A record the writer may not edit is answered as one that does not exist, fingerprint included (issue 28):
      // the answer must not change when that record does.
      const missing = await dryRun('writer', { mapping: { record_id: 0, students_placed: 1 }, rows: [['2147483000', '1']] });
      expect(missing.json().rows[0]).toEqual({
        ...byId.json().rows[0],
        errors: [{ ...byId.json().rows[0].errors[0], message: 'No record you may edit has ID 2147483000' }],
      });
      await ctx.db.execute(sql`UPDATE records SET version = version + 1, notes = 'moved on' WHERE id = ${foreign}`);
      const after = await dryRun('writer', { mapping: { record_id: 0, students_placed: 1 }, rows: [[String(foreign), '1']] });
      expect(after.json()).toEqual(byId.json());
      const refused = await commit('writer', await importBody(file));
      expect(refused.statusCode).toBe(400);
      // The app admin may import the same file.
      expect((await dryRun('appAdmin', await importBody(file, {}, 'appAdmin'))).json().counts).toMatchObject({
        create: 2,
        error: 0,
      });
    });

    it('takes the fiscal year and term chosen for the file, converts numbers, and explains what it cannot identify', async () => {
      const headings = ['Institution', 'Program', 'Status', 'Students enrolled', 'Students placed', 'Average hourly wage'];
      const file = csvText(
        [
          [ownShort, 'Computing Co-op', 'Draft', '1,234', '', '$1,234.5'],
          ['Nowhere U', 'Computing Co-op', 'draft', '1', '', ''],
          [ownShort, 'Basket Weaving', 'draft', '1', '', ''],
          [ownShort, 'Retired Co-op', 'draft', '1', '', ''],
          [ownShort, 'Business Co-op', 'final', '-3', '2.5', '12.345'],
          ['', '', '', '', '', ''],
          [ownShort, 'computing co-op', 'draft', '', '', ''],
        ],
        headings,
      );
      const res = await dryRun('writer', await importBody(file, { fiscalYear: '2032/33', term: 'Spring' }));
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows as ImportRowResult[];
      expect(res.json().counts).toEqual({ rows: 6, create: 1, update: 0, unchanged: 0, conflict: 0, error: 5 });
      expect(rows[0]).toMatchObject({ row: 2, action: 'create', fiscal_year: '2032/33', term: 'Spring' });
      expect(rows[0]!.changes).toEqual(
        expect.arrayContaining([
          { field: 'students_enrolled', label: 'Students enrolled', before: null, after: 1234 },
          { field: 'avg_hourly_wage', label: 'Average hourly wage', before: null, after: '1234.50' },
          { field: 'status', label: 'Status', before: null, after: 'draft' },
        ]),
      );
      const messages = (i: number) => rows[i]!.errors!.map((e) => e.message);
      expect(messages(1)).toEqual(['No institution is called "Nowhere U"; use its short name, such as UVic']);
      expect(messages(2)).toEqual([`${ownShort} has no program called "Basket Weaving"`]);
      expect(messages(3)).toEqual(['Retired Co-op is no longer an active program; records cannot be added to it']);
      expect(messages(4)).toEqual([
        'Status must be draft or submitted; "final" is not one',
        'Students enrolled cannot be negative',
        'Students placed must be a whole number; "2.5" is not one',
        'Average hourly wage can have at most two decimals (cents), such as 23.45',
      ]);
      // The blank row is passed over, but rows keep their numbers in the file.
      expect(rows[5]).toMatchObject({ row: 8, action: 'error' });
      expect(messages(5)).toEqual([
        'Row 2 is already for Computing Co-op, Spring 2032/33: each program and term may appear once',
      ]);
    });

    it('a submitted record from a file without some figures gets one message naming the missing columns', async () => {
      const mapping = { institution: 0, program: 1, students_enrolled: 2, students_seeking: 3, students_placed: 4 };
      // The counts without a column (21 of the 24 today), the first and the last named in the message.
      const unmapped = COUNT_FIELDS.filter((field) => !(field in mapping)).map((field) =>
        escapeRegExp(RECORD_FIELD_LABELS[field]),
      );
      const res = await dryRun('writer', {
        mapping,
        fiscalYear: '2035/36',
        term: 'Fall',
        rows: [[ownShort, 'Computing Co-op', '10', '5', '']],
      });
      const errors = res.json().rows[0].errors as { field: string; message: string }[];
      expect(errors).toEqual([
        {
          field: 'students_placed',
          label: 'Students placed',
          message: 'Students placed is required to submit the record; save it as a draft to finish later',
        },
        {
          field: 'status',
          label: 'Status',
          message: expect.stringMatching(
            new RegExp(
              `^A submitted record needs every figure, and the file has no columns for ${unmapped.length} of its figures \\(${unmapped[0]}, .*${unmapped.at(-1)}\\)\\. Add those columns, or import the rows as drafts`,
            ),
          ),
        },
      ]);
    });

    it('refuses a body that cannot be checked: no way to identify programs, no fiscal year, a column used twice', async () => {
      const rows = [['x', 'y']];
      const cases: [object, RegExp][] = [
        [{ mapping: { students_placed: 0 }, fiscalYear: FY, term: 'Fall', rows }, /institution and the program/],
        [{ mapping: { institution: 0, program: 1 }, term: 'Fall', rows }, /fiscal year/],
        [{ mapping: { institution: 0, program: 0 }, fiscalYear: FY, term: 'Fall', rows }, /both mapped to column 1/],
        [{ mapping: { institution: 0, program: 1 }, fiscalYear: '2031/33', term: 'Fall', rows }, /2031\/32/],
        [{ mapping: { institution: 0, program: 1, colour: 2 }, fiscalYear: FY, term: 'Fall', rows }, /colour/],
        [{ mapping: { institution: 0, program: 1 }, fiscalYear: FY, term: 'Fall', rows: [] }, /no rows/],
      ];
      for (const [body, message] of cases) {
        const res = await dryRun('writer', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    });

    it('an exported file (CSV and XLSX, as an app admin) imports back with no mapping work, every row unchanged', async () => {
      const draft = await insertRecord(ctx.db, {
        institutionId: own,
        programId: ownProgram,
        fiscalYear: '2033/34',
        term: 'Fall',
        status: 'draft',
        studentsPlaced: null,
        notes: '=SUM(A1:A2), "quoted"\nsecond line',
      });
      expect(draft).toBeGreaterThan(0);
      const total = await recordCount();
      for (const format of ['csv', 'xlsx'] as const) {
        const exported = await call('GET', `/api/exports/records?format=${format}`, 'appAdmin');
        expect(exported.statusCode).toBe(200);
        const parsed = await upload('appAdmin', exported.rawPayload, format === 'csv' ? 'text/csv' : XLSX_CONTENT_TYPE);
        expect(parsed.statusCode, parsed.body).toBe(200);
        const { columns, rows } = parsed.json() as { columns: string[]; rows: string[][] };
        const mapping = mappingFor(columns);
        expect(Object.keys(mapping).sort()).toEqual(IMPORT_FIELDS.filter((f) => f !== 'program_id').sort());
        const res = await dryRun('appAdmin', { mapping, rows });
        expect(res.statusCode, res.body).toBe(200);
        const notUnchanged = (res.json().rows as ImportRowResult[]).filter((r) => r.action !== 'unchanged');
        expect(notUnchanged, format).toEqual([]);
        expect(res.json().counts).toEqual({ rows: total, create: 0, update: 0, unchanged: total, conflict: 0, error: 0 });
      }
    });
  });

  describe('a full file', () => {
    it(`imports ${MAX_IMPORT_ROWS.toLocaleString('en-CA')} rows in one commit, then updates them all with a second`, async () => {
      const institution = await createInstitution(ctx.db, { shortName: 'BULK' });
      const programs: string[] = [];
      for (let i = 0; i < 50; i++) {
        await createProgram(ctx.db, institution, { name: `Bulk ${i}` });
        programs.push(`Bulk ${i}`);
      }
      const fields = [...COUNT_FIELDS, ...MONEY_FIELDS];
      const mapping: Partial<Record<ImportField, number>> = { institution: 0, program: 1, fiscal_year: 2 };
      fields.forEach((f, i) => (mapping[f] = 3 + i));
      const rows: string[][] = [];
      for (let year = 0; rows.length < MAX_IMPORT_ROWS; year++) {
        const fy = `${1950 + year}/${String((1951 + year) % 100).padStart(2, '0')}`;
        for (const program of programs) {
          rows.push(['BULK', program, fy, ...fields.map((f) => String((VALID_FIGURES as Record<string, unknown>)[f]))]);
        }
      }
      const inBulk = () =>
        queryRows<{ n: number; wage: string; version: number }>(
          ctx.db,
          sql`SELECT count(*)::int AS n, min(avg_hourly_wage)::text AS wage, min(version) AS version
              FROM records WHERE institution_id = ${institution}`,
        );
      const audits = async () =>
        (
          await queryRows<{ n: number }>(
            ctx.db,
            sql`SELECT count(*)::int AS n FROM audit_log a JOIN records r ON r.id = a.entity_id
                WHERE a.entity_type = 'record' AND r.institution_id = ${institution}`,
          )
        )[0]!.n;

      const created = await call('POST', '/api/imports/commit', 'appAdmin', { mapping, rows, term: 'Fall' });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().counts).toEqual({
        rows: MAX_IMPORT_ROWS,
        create: MAX_IMPORT_ROWS,
        update: 0,
        unchanged: 0,
        conflict: 0,
        error: 0,
      });
      expect(await inBulk()).toEqual([{ n: MAX_IMPORT_ROWS, wage: '23.45', version: 1 }]);
      expect(await audits()).toBe(MAX_IMPORT_ROWS);

      const wage = 3 + fields.indexOf('avg_hourly_wage');
      const raised = rows.map((row) => row.map((cell, i) => (i === wage ? '30' : cell)));
      const updated = await call('POST', '/api/imports/commit', 'appAdmin', { mapping, rows: raised, term: 'Fall' });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().counts).toMatchObject({ create: 0, update: MAX_IMPORT_ROWS, error: 0 });
      expect(await inBulk()).toEqual([{ n: MAX_IMPORT_ROWS, wage: '30.00', version: 2 }]);
      expect(await audits()).toBe(2 * MAX_IMPORT_ROWS);
    }, 120_000);
  });

  it('past imports count, for all but app admins, only the records of institutions the person may read', async () => {
    const FY = '2042/43';
    const rows = [
      dataRow(ownShort, 'Computing Co-op', FY, 'Fall'),
      dataRow(otherShort, 'Other Co-op', FY, 'Fall'),
      dataRow(otherShort, 'Other Co-op', FY, 'Summer'),
    ];
    const done = await commit('appAdmin', {
      ...(await importBody(csvText(rows), {}, 'appAdmin')),
      fileName: 'both institutions.csv',
    });
    expect(done.statusCode, done.body).toBe(200);
    const latest = async (role: RoleName) => {
      const list = await call('GET', '/api/imports', role);
      expect(list.statusCode, list.body).toBe(200);
      return (list.json() as { fileName: string; counts: object }[]).find((i) => i.fileName === 'both institutions.csv');
    };
    expect((await latest('appAdmin'))?.counts).toEqual({ created: 3, updated: 0 });
    // The writer may read only their own institution: one record of the three is theirs to know of.
    expect((await latest('writer'))?.counts).toEqual({ created: 1, updated: 0 });
  });

  describe('a rows route sent something other than JSON', () => {
    const KINDS = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', XLSX_CONTENT_TYPE, ''];

    it.each(['dry-run', 'refused-rows', 'commit'])(
      'POST /api/imports/%s says the body must be JSON and writes nothing',
      async (path) => {
        const body = JSON.stringify(await importBody(csvText([dataRow(ownShort, 'Business Co-op', '2035/36', 'Fall')])));
        const [recordsBefore, auditBefore] = [await recordCount(), await auditCount()];
        for (const type of KINDS) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: `/api/imports/${path}`,
            payload: body,
            headers: { cookie: cookies.writer, ...(type ? { 'content-type': type } : {}) },
          });
          expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
          expect(res.json().fieldErrors.body[0]).toMatch(/^Send the rows as JSON \(Content-Type: application\/json\)/);
        }
        // Who may not import still learns nothing but that.
        const stranger = await ctx.app.inject({
          method: 'POST',
          url: `/api/imports/${path}`,
          payload: body,
          headers: { cookie: cookies.reader, 'content-type': 'text/plain' },
        });
        expect(stranger.statusCode).toBe(403);
        expect([await recordCount(), await auditCount()]).toEqual([recordsBefore, auditBefore]);
      },
    );
  });

  describe('authorization matrix', () => {
    const allowed: Record<RoleName, number> = {
      signedOut: 401,
      userOnly: 403,
      reader: 403,
      writer: 200,
      instAdmin: 200,
      globalReader: 403,
      appAdmin: 200,
    };
    const file = () => csvText([dataRow(ownShort, 'Computing Co-op', '2034/35', 'Summer')]);

    it.each(ROLE_NAMES)('POST /api/imports/parse, dry-run and commit as %s', async (role) => {
      const parsed = await upload(role, file());
      expect(parsed.statusCode).toBe(allowed[role]);
      // A body full of errors still gets 401/403 first: who may not import learns nothing from validation.
      const bad = { mapping: { colour: 1 }, rows: 'none' };
      for (const path of ['dry-run', 'commit']) {
        const res = await call('POST', `/api/imports/${path}`, role, bad);
        expect(res.statusCode).toBe(allowed[role] === 200 ? 400 : allowed[role]);
      }
      const body = { mapping: mappingFor(HEADINGS), rows: (await upload('appAdmin', file())).json().rows };
      const before = await recordCount();
      const checked = await dryRun(role, body);
      expect(checked.statusCode).toBe(allowed[role]);
      const committed = await commit(role, body);
      expect(committed.statusCode, committed.body).toBe(allowed[role]);
      if (allowed[role] !== 200) expect(await recordCount()).toBe(before);
    });

    it('an institution admin imports for their institution only', async () => {
      const elsewhere = await createInstitution(ctx.db);
      expect(elsewhere).toBeGreaterThan(0);
      const res = await dryRun('instAdmin', {
        mapping: mappingFor(HEADINGS),
        rows: (await upload('appAdmin', csvText([dataRow(otherShort, 'Other Co-op', '2034/35', 'Fall')]))).json().rows,
      });
      expect(res.json().rows[0].errors[0].message).toBe(`You do not have write access to the records of ${otherShort}`);
    });
  });
});
