import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField, type ImportRowResult } from '../../../shared/schemas/import.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';

/**
 * Issue 28: an import never undoes a newer change unasked. A row whose record changed after the file was made (its
 * Record version, or else its Last changed, is older than the record's) is a conflict: nothing of it is written until
 * the person chooses, per row and against the version they saw, to keep the file's values or the current ones.
 */

type File = { columns: string[]; rows: string[][] };

describe('imports: a file older than the record is a conflict, never an ordinary update', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let own: number;
  let program: number;
  let year = 1990;
  let writerCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    let matrix: MatrixCaller['matrix'];
    ({ call, matrix } = await createMatrixCaller(ctx));
    own = matrix.institutions.own;
    program = await createProgram(ctx.db, own, { name: 'Conflict Co-op' });
    writerCookie = await ctx.cookieFor(matrix.users.writer);
    adminCookie = await ctx.cookieFor(matrix.users.appAdmin);
  }, 180_000);
  afterAll(() => ctx.close());

  /** A record of its own fiscal year, so each test exports only its own. */
  async function freshRecord(enrolled = 300) {
    year++;
    const fiscalYear = `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
    const id = await insertRecord(ctx.db, {
      institutionId: own,
      programId: program,
      fiscalYear,
      term: 'Fall',
      status: 'draft',
      studentsEnrolled: enrolled,
    });
    return { id, fiscalYear };
  }

  /**
   * The record export of one fiscal year (app admins export), read back by the import's own parse step, which sets
   * aside the notes under the table (the count line and the Flag legend: row-collector.ts).
   */
  async function exportCsv(fiscalYear: string): Promise<File> {
    const res = await call(
      'GET',
      `/api/exports/records?format=csv&institutionIds=${own}&fiscalYearFrom=${fiscalYear}&fiscalYearTo=${fiscalYear}`,
      'appAdmin',
    );
    expect(res.statusCode, res.body).toBe(200);
    const parsed = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/parse',
      payload: res.rawPayload,
      headers: { 'content-type': 'text/csv', cookie: writerCookie },
    });
    expect(parsed.statusCode, parsed.body).toBe(200);
    const { columns, rows } = parsed.json() as File;
    return { columns, rows };
  }

  /** The mapping the import screen suggests for an exported file: each field to the column headed by its label. */
  function mappingOf(columns: string[], leaveOut: ImportField[] = []) {
    const mapping: Partial<Record<ImportField, number>> = {};
    for (const field of IMPORT_FIELDS) {
      const index = columns.indexOf(IMPORT_FIELD_LABELS[field]);
      if (index >= 0 && !leaveOut.includes(field)) mapping[field] = index;
    }
    return mapping;
  }

  /** The file with one cell of its first row changed. */
  function edited(file: File, field: ImportField, value: string): File {
    const column = file.columns.indexOf(IMPORT_FIELD_LABELS[field]);
    return { ...file, rows: file.rows.map((row, i) => (i === 0 ? row.map((c, j) => (j === column ? value : c)) : row)) };
  }

  const body = (file: File, extra: object = {}, leaveOut: ImportField[] = []) => ({
    mapping: mappingOf(file.columns, leaveOut),
    rows: file.rows,
    ...extra,
  });
  const dryRun = async (payload: object) => {
    const res = await call('POST', '/api/imports/dry-run', 'writer', payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { counts: Record<string, number>; rows: ImportRowResult[]; fingerprint: string };
  };
  const commit = (payload: object) => call('POST', '/api/imports/commit', 'writer', payload);
  const stored = async (id: number) =>
    (
      await queryRows<{ students_enrolled: number | null; notes: string | null; version: number }>(
        ctx.db,
        sql`SELECT students_enrolled, notes, version FROM records WHERE id = ${id}`,
      )
    )[0]!;
  /** A change in the form: a PATCH from the version loaded, as the record page sends it. */
  async function formEdit(id: number, changes: object) {
    const { version } = await stored(id);
    const res = await call('PATCH', `/api/records/${id}`, 'writer', { version, ...changes });
    expect(res.statusCode, res.body).toBe(200);
  }
  const recordHistory = (id: number) =>
    queryRows<{ action: string }>(
      ctx.db,
      sql`SELECT action FROM audit_log WHERE entity_type = 'record' AND entity_id = ${id} ORDER BY id`,
    );
  const lastImportAudit = async () =>
    (
      await queryRows<{ after: { overwritten: number[]; keptCurrent: number[]; updated: number[] } }>(
        ctx.db,
        sql`SELECT after FROM audit_log WHERE entity_type = 'import' ORDER BY id DESC LIMIT 1`,
      )
    )[0]!.after;

  it('the issue’s case: an exported file, a correction in the form, the old file imported again', async () => {
    const { id, fiscalYear } = await freshRecord(300);
    const file = await exportCsv(fiscalYear);
    expect(file.columns).toContain('Record version');
    await formEdit(id, { students_enrolled: 310 });

    const check = await dryRun(body(file));
    expect(check.counts).toMatchObject({ update: 0, conflict: 1, error: 0 });
    const row = check.rows[0]!;
    expect(row.action).toBe('conflict');
    expect(row.changes).toBeUndefined();
    expect(row.conflict).toMatchObject({
      version: 2,
      fields: [{ field: 'students_enrolled', label: 'Students enrolled', file: 300, now: 310 }],
    });
    expect(row.conflict!.changedBy).toBeTruthy();
    expect(Date.parse(row.conflict!.changedAt)).toBeGreaterThan(Date.now() - 600_000);

    // Without a choice the commit writes nothing, and says why.
    const refused = await commit({ ...body(file), fingerprint: check.fingerprint });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'import_conflict', result: { counts: { conflict: 1 } } });
    expect(refused.json().message).toMatch(/changed after this file was made/);
    expect(await stored(id)).toMatchObject({ students_enrolled: 310, version: 2 });
  });

  it('keep the current values: nothing changes, and the import’s history says so', async () => {
    const { id, fiscalYear } = await freshRecord(300);
    const file = edited(await exportCsv(fiscalYear), 'notes', 'from the file');
    await formEdit(id, { students_enrolled: 310 });
    const check = await dryRun(body(file));
    const choices = [{ row: 2, keep: 'current', version: check.rows[0]!.conflict!.version }];
    const res = await commit({ ...body(file), choices, fingerprint: check.fingerprint });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toMatchObject({ update: 0, unchanged: 1, conflict: 0 });
    expect(await stored(id)).toMatchObject({ students_enrolled: 310, notes: null, version: 2 });
    expect(await lastImportAudit()).toMatchObject({ keptCurrent: [id], overwritten: [], updated: [] });
  });

  it('keep the file’s values: written over the newer change, and the record’s history calls it an overwrite', async () => {
    const { id, fiscalYear } = await freshRecord(300);
    const file = edited(await exportCsv(fiscalYear), 'notes', 'from the file');
    await formEdit(id, { students_enrolled: 310 });
    const check = await dryRun(body(file));
    expect(check.rows[0]!.conflict!.fields.map((f) => f.field)).toEqual(['students_enrolled', 'notes']);
    const choices = [{ row: 2, keep: 'file', version: check.rows[0]!.conflict!.version }];
    const res = await commit({ ...body(file), choices, fingerprint: check.fingerprint });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toMatchObject({ update: 1, conflict: 0 });
    expect(await stored(id)).toMatchObject({ students_enrolled: 300, notes: 'from the file', version: 3 });
    expect((await recordHistory(id)).map((h) => h.action)).toEqual(['update', 'overwrite']);
    expect(await lastImportAudit()).toMatchObject({ overwritten: [id], keptCurrent: [], updated: [id] });
  });

  it('a change between the check and the commit is caught, even with a choice made', async () => {
    const { id, fiscalYear } = await freshRecord(300);
    const file = await exportCsv(fiscalYear);
    await formEdit(id, { students_enrolled: 310 });
    const check = await dryRun(body(file));
    const choices = [{ row: 2, keep: 'file', version: check.rows[0]!.conflict!.version }];
    await formEdit(id, { students_enrolled: 320 });
    // The fingerprint is the screen's guard; without it the choice, made against version 2, no longer holds.
    for (const extra of [{ choices, fingerprint: check.fingerprint }, { choices }]) {
      const res = await commit(body(file, extra));
      expect(res.statusCode, res.body).toBe(409);
      expect(await stored(id)).toMatchObject({ students_enrolled: 320, version: 3 });
    }
    const res = await commit(body(file, { choices }));
    expect(res.json()).toMatchObject({
      code: 'import_conflict',
      result: { rows: [{ action: 'conflict', conflict: { version: 3 } }] },
    });
    // A file with the record's current version is an ordinary update.
    const fresh = edited(await exportCsv(fiscalYear), 'students_enrolled', '330');
    const ok = await commit(body(fresh));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stored(id)).toMatchObject({ students_enrolled: 330, version: 4 });
  });

  it('a file without versions is judged by its Last changed, to the second; a file with neither updates as before', async () => {
    const { id, fiscalYear } = await freshRecord(300);
    await ctx.db.execute(sql`UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = ${id}`);
    const file = edited(await exportCsv(fiscalYear), 'notes', 'from the file');
    const byTime = body(file, {}, ['version']);
    expect((await dryRun(byTime)).counts).toMatchObject({ update: 1, conflict: 0 });
    await formEdit(id, { students_enrolled: 310 });
    const check = await dryRun(byTime);
    expect(check.counts).toMatchObject({ update: 0, conflict: 1 });
    expect(check.rows[0]!.conflict!.fields.map((f) => f.field)).toEqual(['students_enrolled', 'notes']);
    // Neither column: nothing tells when the file was made.
    const blind = await dryRun(body(file, {}, ['version', 'last_changed']));
    expect(blind.counts).toMatchObject({ update: 1, conflict: 0 });
    // A cell that is not a version or a time is an error naming its column, not a silent pass.
    const column = file.columns.indexOf('Record version');
    const garbled = { ...file, rows: [file.rows[0]!.map((c, j) => (j === column ? 'seven' : c))] };
    const bad = await dryRun(body(garbled));
    expect(bad.rows[0]!.errors).toEqual([expect.objectContaining({ field: 'version', label: 'Record version' })]);
  });

  it('a row with its version column left empty, and no time to go by, is judged as a file made before the record', async () => {
    const { id, fiscalYear } = await freshRecord(300);
    const file = edited(await exportCsv(fiscalYear), 'notes', 'from the file');
    const noVersion = edited(file, 'version', '');
    const cases: [string, object][] = [
      ['both empty', body(edited(noVersion, 'last_changed', ''))],
      ['no time column', body(noVersion, {}, ['last_changed'])],
    ];
    for (const [name, payload] of cases) {
      const check = await dryRun(payload);
      expect(check.counts, name).toMatchObject({ update: 0, conflict: 1 });
      expect((await commit({ ...payload, fingerprint: check.fingerprint })).statusCode, name).toBe(409);
    }
    // The version empty, the time there: the time decides, and the record has not changed since the file.
    expect((await dryRun(body(noVersion))).counts).toMatchObject({ update: 1, conflict: 0 });
    expect((await stored(id)).notes).toBeNull();
  });

  it('a spreadsheet export keeps its version and time through Excel', async () => {
    const { id, fiscalYear } = await freshRecord(300);
    await ctx.db.execute(sql`UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = ${id}`);
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api/exports/records?format=xlsx&institutionIds=${own}&fiscalYearFrom=${fiscalYear}&fiscalYearTo=${fiscalYear}`,
      headers: { cookie: adminCookie },
    });
    expect(xlsx.statusCode).toBe(200);
    const parsed = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/parse',
      payload: xlsx.rawPayload,
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        cookie: writerCookie,
      },
    });
    expect(parsed.statusCode, parsed.body).toBe(200);
    const file = parsed.json() as File;
    const changed = file.rows[0]![file.columns.indexOf('Last changed (UTC)')]!;
    expect(changed).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await formEdit(id, { students_enrolled: 310 });
    const edits = edited(file, 'notes', 'from the workbook');
    expect((await dryRun(body(edits))).counts).toMatchObject({ conflict: 1 });
    expect((await dryRun(body(edits, {}, ['version']))).counts).toMatchObject({ conflict: 1 });
  });

  it('a refused row does not cost the file’s work: the refused rows come back as a file to correct and upload', async () => {
    year++;
    const fiscalYear = `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
    const columns = ['Institution', 'Program', 'Status', 'Students enrolled', 'Notes'];
    const shortName = (
      await queryRows<{ short_name: string }>(ctx.db, sql`SELECT short_name FROM institutions WHERE id = ${own}`)
    )[0]!.short_name;
    const rows = [
      [shortName, 'Conflict Co-op', 'draft', '12', ''],
      [shortName, 'No Such Co-op', 'draft', 'forty', '=HYPERLINK("http://x")'],
    ];
    const payload = {
      mapping: { institution: 0, program: 1, status: 2, students_enrolled: 3, notes: 4 },
      rows,
      columns,
      fiscalYear,
      term: 'Fall',
      fileName: 'fall "figures".xlsx',
    };
    const res = await call('POST', '/api/imports/refused-rows', 'writer', payload);
    expect(res.statusCode, res.body).toBe(200);
    const { csv, fileName, rows: count } = res.json() as { csv: string; fileName: string; rows: number };
    expect(fileName).toBe('fall _figures_-not-imported.csv');
    expect(count).toBe(1);
    const lines = parseCsv(csv.replace(/^\uFEFF/, '')) as string[][];
    expect(lines[0]).toEqual([...columns, 'Why it was not imported']);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.slice(0, 4)).toEqual(rows[1]!.slice(0, 4));
    // The file's own formula comes back guarded, as in every file we write.
    expect(lines[1]![4]).toBe(`'${rows[1]![4]}`);
    expect(lines[1]![5]).toMatch(/has no program called "No Such Co-op".*Students enrolled must be a whole number/);
    // Nothing was written.
    expect(
      (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM records WHERE fiscal_year = ${fiscalYear}`))[0]!
        .n,
    ).toBe(0);
    // Corrected and uploaded again, the file's columns match as before; its why column is left unmatched.
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/parse',
      payload: csv.replace('No Such Co-op', 'Conflict Co-op').replace(',forty,', ',40,'),
      headers: { 'content-type': 'text/csv', cookie: writerCookie },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const again = upload.json() as File;
    const check = await dryRun({ ...payload, rows: again.rows, columns: again.columns });
    expect(check.counts).toMatchObject({ create: 1, error: 0 });
  });

  it('keeps the file with each import: listed for those who may know of it, downloadable by its importer and app admins', async () => {
    year++;
    const fiscalYear = `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
    const shortName = (
      await queryRows<{ short_name: string }>(ctx.db, sql`SELECT short_name FROM institutions WHERE id = ${own}`)
    )[0]!.short_name;
    const csv = `\uFEFFInstitution,Program,Status,Students enrolled\r\n${shortName},Conflict Co-op,draft,12\r\n`;
    const upload = (cookie: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/imports/parse?fileName=fall%20figures.csv',
        payload: csv,
        headers: { 'content-type': 'text/csv', cookie },
      });
    const read = await upload(writerCookie);
    expect(read.statusCode, read.body).toBe(200);
    const { uploadId, rows } = read.json() as { uploadId: number; rows: string[][] };
    expect(uploadId).toBeGreaterThan(0);
    const payload = {
      mapping: { institution: 0, program: 1, status: 2, students_enrolled: 3 },
      rows,
      fiscalYear,
      term: 'Fall',
      fileName: 'fall figures.csv',
    };

    // Someone else's upload is not theirs to import under.
    const othersUpload = (await upload(adminCookie)).json().uploadId as number;
    const refused = await commit({ ...payload, uploadId: othersUpload });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty('uploadId');

    const done = await commit({ ...payload, uploadId });
    expect(done.statusCode, done.body).toBe(200);
    // Once kept, the upload cannot be used again.
    expect((await commit({ ...payload, uploadId })).statusCode).toBe(400);

    const list = await call('GET', '/api/imports', 'writer');
    expect(list.statusCode).toBe(200);
    const mine = (list.json() as { fileName: string; file: { id: number; name: string } | null; counts: object }[])[0]!;
    expect(mine).toMatchObject({
      fileName: 'fall figures.csv',
      counts: { created: 1, updated: 0 },
      file: { name: 'fall figures.csv' },
    });
    const file = await call('GET', `/api/imports/files/${mine.file!.id}`, 'writer');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from(csv, 'utf8'))).toBe(true);
    expect(file.headers['content-disposition']).toContain('fall figures.csv');
    expect((await call('GET', `/api/imports/files/${mine.file!.id}`, 'appAdmin')).rawPayload.equals(Buffer.from(csv))).toBe(true);
    // The institution's admin sees the import (it wrote to their institution) but not the file, which is not theirs.
    const theirs = (await call('GET', '/api/imports', 'instAdmin')).json() as { id: number; file: unknown }[];
    expect(theirs.find((i) => i.id === (list.json() as { id: number }[])[0]!.id)).toMatchObject({ file: null });
    expect((await call('GET', `/api/imports/files/${mine.file!.id}`, 'instAdmin')).statusCode).toBe(404);
    expect((await call('GET', '/api/imports', 'reader')).statusCode).toBe(403);

    // An import sent without a file keeps what was sent, as CSV.
    const sent = await commit({ ...payload, rows: [[shortName, 'Conflict Co-op', 'draft', '13']], fileName: 'api.csv' });
    expect(sent.statusCode, sent.body).toBe(200);
    const latest = ((await call('GET', '/api/imports', 'writer')).json() as { file: { id: number } }[])[0]!;
    const kept = await call('GET', `/api/imports/files/${latest.file.id}`, 'writer');
    expect(kept.body).toContain(`${shortName},Conflict Co-op,draft,13`);
  });

  it('interleaved form edits and imports never lose an edit that no one chose to overwrite (fast-check model)', async () => {
    const { id, fiscalYear } = await freshRecord(100);
    let next = 1000;
    const action = fc.oneof(
      fc.constant({ kind: 'edit' as const }),
      fc.constant({ kind: 'export' as const }),
      fc.record({
        kind: fc.constant('import' as const),
        file: fc.nat(),
        choice: fc.constantFrom('none', 'file', 'current'),
        fingerprint: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        const files: { file: File; enrolled: number }[] = [];
        let model = (await stored(id)).students_enrolled!;
        for (const step of actions) {
          if (step.kind === 'edit') {
            model = next++;
            await formEdit(id, { students_enrolled: model });
          } else if (step.kind === 'export') {
            files.push({ file: edited(await exportCsv(fiscalYear), 'notes', `import ${next++}`), enrolled: model });
          } else if (files.length > 0) {
            const { file, enrolled } = files[step.file % files.length]!;
            const check = await dryRun(body(file));
            const conflict = check.rows[0]!.conflict;
            const choices = conflict && step.choice !== 'none' ? [{ row: 2, keep: step.choice, version: conflict.version }] : [];
            const res = await commit(body(file, { choices, ...(step.fingerprint ? { fingerprint: check.fingerprint } : {}) }));
            if (!conflict) {
              // Not changed since the file was made: the file holds the values it was made with.
              expect(enrolled).toBe(model);
              expect(res.statusCode, res.body).toBe(200);
            } else if (step.choice === 'none') expect(res.statusCode).toBe(409);
            else {
              expect(res.statusCode, res.body).toBe(200);
              if (step.choice === 'file') model = enrolled;
            }
          }
          expect((await stored(id)).students_enrolled).toBe(model);
        }
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
