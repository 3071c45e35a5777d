import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, ERROR_RESPONSES } from '../../../shared/schemas/api.ts';
import {
  CSV_CONTENT_TYPE,
  ImportCommitSchema,
  ImportDryRunSchema,
  ImportFileSchema,
  ImportParseQuerySchema,
  ImportRefusedRowsSchema,
  ImportRefusedSchema,
  ImportRequestSchema,
  MAX_IMPORT_FILE_BYTES,
  XLSX_CONTENT_TYPE,
} from '../../../shared/schemas/import.ts';
import { fieldError, forbidden, refusalError, valueOrHttpError } from '../../http-errors.ts';
import { signedInUser } from '../../plugins/authorization.ts';
import type { FileKind } from './import-files.ts';
import { parseInWorker, prepareImportBody, readCapped } from './parse-in-worker.ts';
import { commitImport } from './import-commit.ts';
import { dryRunJson, sendJsonText } from './dry-run-json.ts';
import { planImport } from './import-plan.ts';
import type { KeepRows } from './read-cells.ts';
import { refusedRowsFile } from './refused-rows.ts';
import { storeUpload } from './kept-files.repo.ts';
import { IN_PROCESS_REQUEST_BYTES } from './import-limits.ts';
import { largeImportTurn } from './large-import-gate.ts';
import { canEditSomeInstitution } from '../../../shared/permissions.ts';

const megabytes = `${MAX_IMPORT_FILE_BYTES / (1024 * 1024)} MB`;
/** A JSON body of 5,000 rows of text cells: well above the 1 MB every other route allows. */
const ROWS_BODY_LIMIT = 16 * 1024 * 1024;

/** Upload types read as CSV: browsers label .csv files variously (Windows with Excel says application/vnd.ms-excel). */
const CSV_TYPES = new Set([
  CSV_CONTENT_TYPE,
  'application/csv',
  'text/plain',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
]);
const FILE_TYPES = [...CSV_TYPES, XLSX_CONTENT_TYPE, 'application/octet-stream'];

const tooLarge = () =>
  refusalError({
    kind: 'too-large',
    message: `The file is larger than ${megabytes}. Import it in parts of at most ${megabytes} each.`,
    fieldErrors: { file: [`The file is larger than ${megabytes}`] },
  });

/** The upload's bytes, refused once they pass the limit (before reading further when Content-Length says so). */
async function readUpload(request: FastifyRequest, payload: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_IMPORT_FILE_BYTES) throw tooLarge();
  return readCapped(payload, MAX_IMPORT_FILE_BYTES, tooLarge);
}

/** Who may import: a signed-in user with write or admin rights on some institution, or an app admin. */
export async function requireImportRights(request: FastifyRequest): Promise<void> {
  const { privileges } = signedInUser(request);
  if (!canEditSomeInstitution(privileges)) throw forbidden();
}

/** The body's media type as sent, lower case, without parameters ('' when none was sent). */
const mediaType = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
const sentAs = (type: string) => (type ? `; this was sent as ${type.slice(0, 80)}` : '');

/** The upload's kind by its Content-Type, or a 400 that says what to upload. */
function declaredKind(request: FastifyRequest): FileKind {
  const type = mediaType(request);
  if (type === XLSX_CONTENT_TYPE) return 'xlsx';
  if (CSV_TYPES.has(type) || type === 'application/octet-stream') return 'csv';
  throw fieldError('file', `Upload a CSV file or an Excel workbook (.xlsx)${sentAs(type)}.`);
}

/**
 * The rows routes take JSON only, refused otherwise before a byte of the body is read: this plugin's catch-all parser
 * (for uploads) would hand them bytes where they stream JSON to the worker.
 */
async function requireJsonBody(request: FastifyRequest): Promise<void> {
  const type = mediaType(request);
  if (type !== 'application/json')
    throw fieldError('body', `Send the rows as JSON (Content-Type: application/json)${sentAs(type)}.`);
}
/** Rights first (a stranger learns nothing from a 400), then the body's type. */
const rowsRouteChecks = [requireImportRights, requireJsonBody];

/** The body as the worker read it; the route's schema documents it, and the worker validates it. */
const prepared = (request: FastifyRequest, keepRows: KeepRows = false) =>
  prepareImportBody(
    request.body as IncomingMessage,
    request.headers['content-length'] === undefined ? undefined : Number(request.headers['content-length']),
    keepRows,
    ROWS_BODY_LIMIT,
  );

/**
 * A request whose body may be large (over IN_PROCESS_REQUEST_BYTES, or of no declared length) waits its turn among
 * the large imports from before its body is read until its answer is made, or is refused as busy (decision 040).
 */
function oneAtATime<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const declared = request.headers['content-length'];
  const large = declared === undefined || Number(declared) > IN_PROCESS_REQUEST_BYTES;
  return large ? largeImportTurn(signedInUser(request).id, work) : work();
}

/**
 * The route's schema documents the body; prepareImportBody validates it (a large one in the worker: a million cells
 * took the event loop hundreds of milliseconds). The answer, 5,000 rows' results made by our own typed code, is
 * written as JSON without checking it against its schema again, which took tens of milliseconds each time.
 */
const readByWorker = {
  validatorCompiler: () => (value: unknown) => ({ value }),
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};

/**
 * Spreadsheet import of records (issue 6): read a file, check a mapping of it row by row, then write it all in one
 * transaction. Rights are checked before any body is read.
 */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['imports'];

  // Only in this plugin: spreadsheet bodies arrive as bytes; any other type reaches the handler, which names the problem.
  const parser = (request: FastifyRequest, payload: IncomingMessage) => readUpload(request, payload);
  app.addContentTypeParser(FILE_TYPES, parser);
  app.addContentTypeParser('*', parser);
  // An import's JSON body (up to 16 MB) is not read here: the route streams it to the worker process, which parses,
  // validates and reads it with the refusals the app's JSON parser and schemas would give (read-request.ts).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
  r.post(
    '/api/imports/parse',
    {
      schema: {
        tags,
        summary: `Read a CSV or XLSX file (the raw body, at most ${megabytes}) into its column headings and rows of text`,
        querystring: ImportParseQuerySchema,
        response: { 200: ImportFileSchema, 413: ApiErrorSchema, ...ERROR_RESPONSES },
      },
      config: { changesNothing: true },
      onRequest: requireImportRights,
    },
    async (request) => {
      const kind = declaredKind(request);
      const body = request.body;
      if (!Buffer.isBuffer(body))
        throw fieldError('file', 'The file is empty. Choose a file with a row of column headings and a row for each record.');
      // Off the event loop, with caps on time and memory: a hostile file must not stall everyone else (decision 014).
      const file = await parseInWorker(body, kind, signedInUser(request).id);
      // Stored as it came, so the import that uses it keeps the very file (issue 28).
      const uploadId = await storeUpload(db, signedInUser(request).id, {
        name: request.query.fileName ?? `import.${kind}`,
        contentType: kind === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE,
        bytes: body,
      });
      return { ...file, uploadId };
    },
  );

  r.post(
    '/api/imports/dry-run',
    {
      schema: {
        tags,
        summary:
          'Check an import row by row: what would be created, updated (before → after), left unchanged, or refused and why. Writes nothing',
        body: ImportRequestSchema,
        response: { 200: ImportDryRunSchema, ...ERROR_RESPONSES },
      },
      bodyLimit: ROWS_BODY_LIMIT,
      config: { changesNothing: true },
      onRequest: rowsRouteChecks,
      ...readByWorker,
    },
    async (request, reply) => {
      const json = await oneAtATime(request, async () => {
        const { rows, counts, fingerprint } = await planImport(db, await prepared(request), signedInUser(request).privileges);
        return dryRunJson({ counts, rows, fingerprint });
      });
      return sendJsonText(reply, json);
    },
  );

  r.post(
    '/api/imports/refused-rows',
    {
      schema: {
        tags,
        summary:
          'The rows a check refuses, as CSV text to correct and upload again: the file’s headings (`columns`) and cells, and a last column saying why. Writes nothing',
        body: ImportRequestSchema,
        response: { 200: ImportRefusedRowsSchema, ...ERROR_RESPONSES },
      },
      bodyLimit: ROWS_BODY_LIMIT,
      config: { changesNothing: true },
      onRequest: rowsRouteChecks,
      ...readByWorker,
    },
    async (request) =>
      oneAtATime(request, async () => {
        const read = await prepared(request, true);
        const { rows } = await planImport(db, read, signedInUser(request).privileges);
        return refusedRowsFile(read.request, rows);
      }),
  );

  r.post(
    '/api/imports/commit',
    {
      schema: {
        tags,
        summary:
          'Import every row in one transaction, or none: a 400 with the dry run when any row has an error; a 409 return_locked when rows would change records of a submitted or approved term return; a 409 import_conflict when a row’s record changed after the file was made (its Record version or Last changed is older) and `choices` holds no choice for it at its current version',
        body: ImportRequestSchema,
        response: {
          200: ImportCommitSchema,
          400: ImportRefusedSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ImportRefusedSchema,
        },
      },
      bodyLimit: ROWS_BODY_LIMIT,
      onRequest: rowsRouteChecks,
      ...readByWorker,
    },
    // Rows with errors: a 400 with the dry run. Rows of a submitted or approved term return: 409 return_locked (with
    // the dry run when the plan saw it). Records changed after the file was made with no choice for them: 409
    // import_conflict with the dry run. Someone else's change meanwhile: a 409.
    async (request) => ({
      counts: valueOrHttpError(
        await oneAtATime(request, async () => commitImport(db, await prepared(request, 'without-upload'), signedInUser(request))),
        'The record',
      ),
    }),
  );
}
