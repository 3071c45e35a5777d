import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canReadInstitution, canSignOffSomeReturn, readableInstitutions } from '../../../shared/permissions.ts';
import type { ReturnAction } from '../../../shared/reporting-cycle.ts';
import { ERROR_RESPONSES_WITH_404, IdParamSchema } from '../../../shared/schemas/api.ts';
import { SignOffPeopleSchema } from '../../../shared/schemas/contacts.ts';
import {
  FillZerosResultSchema,
  ReturnActionSchema,
  ReturnConflictSchema,
  ReturnEntryRowSchema,
  ReturnFiguresSchema,
  ReturnOnBehalfSchema,
  ReturnProgramSchema,
  ReturnReasonSchema,
  ReturnsDownloadQuerySchema,
  ReturnsQuerySchema,
  TermReturnSchema,
} from '../../../shared/schemas/returns.ts';
import { forbidden, notFound, valueOrHttpError } from '../../http-errors.ts';
import type { Outcome } from '../../refusals.ts';
import { requireAppAdmin, requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import { fillZeros, mayTakeReturnAction, takeReturnAction } from './return-transitions.ts';
import { signOffPeopleOf } from './ready-for-sign-off.ts';
import { matrixFile } from './returns-download.ts';
import { returnFigures } from './return-figures.ts';
import { returnTemplate } from './return-template.ts';
import { readRecords } from '../records/record-store.ts';
import { expectedPrograms, listReturns, readReturn, returnFilterOf, returnKeyOf } from './returns.repo.ts';

const RETURN = 'The term return';

/** An action's result, or its refusal as HTTP (http-errors.ts): 404 naming the return, 403, 400, or a 409 with its code. */
const answer = <T>(outcome: Outcome<T>) => valueOrHttpError(outcome, RETURN);

/**
 * The matrix as the screen shows it, built by the same function (src/shared/return-matrix.ts) from the same list.
 * Not audited, as the report downloads are not: it holds nothing the caller cannot list with GET /api/returns.
 */
function matrixDownloadRoute(app: FastifyInstance): void {
  const db = app.database.db;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/returns/download',
    {
      schema: {
        tags: ['reporting cycle'],
        summary:
          'The completeness matrix as CSV (UTF-8 with BOM) or XLSX: one line per institution you may read, per period its state, programs reported and expected and an overdue mark, then the totals line. The filters of GET /api/returns, plus the institution name and states',
        querystring: ReturnsDownloadQuerySchema,
        response: {
          200: z.unknown().describe('The file (text/csv or an XLSX workbook), sent as an attachment'),
          ...ERROR_RESPONSES_WITH_404,
        },
      },
      onRequest: requireSignedIn,
    },
    async (request, reply) => {
      const file = await matrixFile(db, request.query, readableInstitutions(signedInUser(request).privileges));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.body);
    },
  );
}

/**
 * Who signs off, so a writer knows whom to tell (issue 29): names and addresses of the institution's admins (or app
 * admins where it has none), for anyone who may read the return (decision 030).
 */
function signOffPeopleRoute(app: FastifyInstance): void {
  const db = app.database.db;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/returns/:id/sign-off-people',
    {
      schema: {
        tags: ['reporting cycle'],
        summary:
          'Who may sign off one term return: its institution’s admins, or (where it has none) app admins, each with a name and mail address; and when they were last told it is ready',
        params: IdParamSchema,
        response: { 200: SignOffPeopleSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const found = await signOffPeopleOf(db, request.params.id);
      if (!found) throw notFound(RETURN);
      if (!canReadInstitution(signedInUser(request).privileges, found.institutionId)) throw forbidden();
      const { institutionId: _institutionId, ...people } = found;
      return people;
    },
  );
}

/**
 * The whole-term entry screen edits every expected program's record at once: the records whole, with their versions,
 * so each row saves through PATCH /api/records/{id} against the version it shows.
 */
function entryRowsRoute(app: FastifyInstance): void {
  const db = app.database.db;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/returns/:id/records',
    {
      schema: {
        tags: ['reporting cycle'],
        summary: 'The expected programs of one term return, each with its whole record of the period (with its version) or null',
        params: IdParamSchema,
        response: { 200: z.array(ReturnEntryRowSchema), ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const key = await returnKeyOf(db, request.params.id);
      if (!key) throw notFound(RETURN);
      if (!canReadInstitution(signedInUser(request).privileges, key.institutionId)) throw forbidden();
      const programs = await expectedPrograms(db, request.params.id);
      const records = await readRecords(
        db,
        programs.flatMap((p) => (p.record_id === null ? [] : [p.record_id])),
      );
      return programs.map((p) => ({
        program_id: p.program_id,
        program_name: p.program_name,
        record: p.record_id === null ? null : (records.get(p.record_id) ?? null),
      }));
    },
  );
}

/**
 * A return's template: its programs and their figures as a workbook the import takes as it is (return-template.ts).
 * For anyone who may read the return: it holds nothing GET /api/returns/{id}/records does not.
 */
function templateRoute(app: FastifyInstance): void {
  const db = app.database.db;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/returns/:id/template',
    {
      schema: {
        tags: ['reporting cycle'],
        summary:
          'The return as an XLSX template for the import: one line per expected program with its figures (record ID and version where it has a record), headed as the import maps',
        params: IdParamSchema,
        response: { 200: z.unknown().describe('An XLSX workbook, sent as an attachment'), ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request, reply) => {
      const key = await returnKeyOf(db, request.params.id);
      if (!key) throw notFound(RETURN);
      if (!canReadInstitution(signedInUser(request).privileges, key.institutionId)) throw forbidden();
      const file = await returnTemplate(db, request.params.id);
      if (!file) throw notFound(RETURN);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.body);
    },
  );
}

/**
 * What an approver reads of a term (issue 30, return-figures.ts): for anyone who may read the return, since it holds
 * only that institution's own records.
 */
function figuresRoute(app: FastifyInstance): void {
  const db = app.database.db;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/returns/:id/figures',
    {
      schema: {
        tags: ['reporting cycle'],
        summary:
          "The return's key figures per expected program beside the same term last year and the term before, those far from the program's history, the totals, and what changed after its first approval",
        params: IdParamSchema,
        response: { 200: ReturnFiguresSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
      // Hundreds of programs with three periods' figures each, built by our own typed code into exactly this shape:
      // checking them against the schema again, as for reports and the matrix, was part of what held the route at
      // 1.5× its SQL (npm run bench, "GET /api/returns/{id}/figures").
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { privileges } = signedInUser(request);
      const figures = await returnFigures(db, request.params.id, (institutionId) =>
        canReadInstitution(privileges, institutionId),
      );
      if (figures === 'not-found') throw notFound(RETURN);
      if (figures === 'forbidden') throw forbidden();
      return figures;
    },
  );
}

/** The cycle's actions on one return, each its own route (docs/product.md §11.2). */
const RETURN_ACTIONS: { action: ReturnAction; summary: string; reason: boolean }[] = [
  {
    action: 'submit',
    summary:
      'Sign off the return (its institution’s admins or an app admin, who acting for the institution gives a reason): every expected program needs a submitted record',
    reason: false,
  },
  {
    action: 'send-back',
    summary: 'Send a submitted return back for correction, with a reason and a new due date (app admins)',
    reason: true,
  },
  { action: 'approve', summary: 'Approve a submitted return (app admins)', reason: false },
  {
    action: 'reopen',
    summary: 'Reopen an approved return for corrections, with a reason and a new due date (app admins)',
    reason: true,
  },
];

/**
 * Term returns (docs/reporting-cycle.md): anyone signed in lists those of the institutions they may read; an
 * institution's admins (and app admins) fill missing programs with zero records and sign off; app admins send back,
 * approve and reopen. Rights are checked before the body is read, so a caller without them learns nothing more.
 */
export async function returnRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['reporting cycle'];

  r.get(
    '/api/returns',
    {
      schema: {
        tags,
        summary:
          'Term returns of the institutions you may read (every institution for app admins and global readers), with state, counts, due date and history; open=true keeps those of open periods',
        querystring: ReturnsQuerySchema,
        response: { 200: z.array(TermReturnSchema), ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
      // The completeness matrix of every institution over years is thousands of returns with their histories, built
      // by our own SQL into exactly this shape: checking each against the schema again, as for reports, cost more
      // than half as much as the query (npm run bench, "GET /api/returns").
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => listReturns(db, returnFilterOf(request.query, readableInstitutions(signedInUser(request).privileges))),
  );

  matrixDownloadRoute(app);
  signOffPeopleRoute(app);

  r.get(
    '/api/returns/:id',
    {
      schema: {
        tags,
        summary: 'One term return',
        params: IdParamSchema,
        response: { 200: TermReturnSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const found = await readReturn(db, request.params.id);
      if (!found) throw notFound(RETURN);
      if (!canReadInstitution(signedInUser(request).privileges, found.institution_id)) throw forbidden();
      return found;
    },
  );

  // The return page lists what the counts are made of: each expected program and its record, so a reader sees which
  // programs block sign-off.
  r.get(
    '/api/returns/:id/programs',
    {
      schema: {
        tags,
        summary: 'The expected programs of one term return, each with its record of the period (id and status) or none',
        params: IdParamSchema,
        response: { 200: z.array(ReturnProgramSchema), ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const key = await returnKeyOf(db, request.params.id);
      if (!key) throw notFound(RETURN);
      if (!canReadInstitution(signedInUser(request).privileges, key.institutionId)) throw forbidden();
      return expectedPrograms(db, request.params.id);
    },
  );

  entryRowsRoute(app);
  templateRoute(app);
  figuresRoute(app);

  /** preValidation of the institution admins' actions: rights on the return's institution (a missing return is a 404 later). */
  async function requireSignOffRights(request: FastifyRequest): Promise<void> {
    const { privileges } = signedInUser(request);
    if (!canSignOffSomeReturn(privileges)) throw forbidden();
    const params = IdParamSchema.safeParse(request.params);
    if (!params.success) return;
    const key = await returnKeyOf(db, params.data.id);
    if (key && !mayTakeReturnAction('fill-zeros', privileges, key.institutionId)) throw forbidden();
  }

  r.post(
    '/api/returns/:id/fill-zeros',
    {
      schema: {
        tags,
        summary:
          'Write a submitted zero record (no activity this term) for every expected program with no record; drafts are left as they are. An app admin who is not an admin of the institution acts on its behalf and gives a reason',
        params: IdParamSchema,
        body: ReturnOnBehalfSchema.nullish(),
        response: { 200: FillZerosResultSchema, 409: ReturnConflictSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
      preValidation: requireSignOffRights,
    },
    async (request) => answer(await fillZeros(db, request.params.id, signedInUser(request), request.body ?? {})),
  );

  for (const { action, summary, reason } of RETURN_ACTIONS) {
    r.post(
      `/api/returns/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${summary}. A state that does not allow it is a 409 naming the state`,
          params: IdParamSchema,
          body: reason ? ReturnReasonSchema : action === 'submit' ? ReturnOnBehalfSchema.nullish() : ReturnActionSchema.nullish(),
          response: { 200: TermReturnSchema, 409: ReturnConflictSchema, ...ERROR_RESPONSES_WITH_404 },
        },
        onRequest: action === 'submit' ? requireSignedIn : requireAppAdmin,
        ...(action === 'submit' ? { preValidation: requireSignOffRights } : {}),
      },
      async (request) => answer(await takeReturnAction(db, request.params.id, action, signedInUser(request), request.body ?? {})),
    );
  }
}
