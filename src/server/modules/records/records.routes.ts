import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canEditInstitution,
  canEditSomeInstitution,
  canReadInstitution,
  readableInstitutions,
} from '../../../shared/permissions.ts';
import { ERROR_RESPONSES_WITH_404, IdParamSchema, IdResponseSchema } from '../../../shared/schemas/api.ts';
import { FindCriteriaQuerySchema, FindCriteriaSchema, type FindCriteriaParsed } from '../../../shared/schemas/find-criteria.ts';
import {
  RecordConflictSchema,
  RecordCreateSchema,
  RecordSchema,
  RecordUpdateSchema,
  type RecordWire,
} from '../../../shared/schemas/record.ts';
import { RecordHistorySchema } from '../../../shared/schemas/record-history.ts';
import { RecordMediansQuerySchema, RecordMediansSchema } from '../../../shared/schemas/record-medians.ts';
import { RecordPageSchema } from '../../../shared/schemas/record-list.ts';
import { forbidden, notFound, patchOf, valueOrHttpError } from '../../http-errors.ts';
import { requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import type { SessionUser } from '../../session/session-user.ts';
import { findInstitution } from '../institutions/institutions.repo.ts';
import type { Db } from '../../db/client.ts';
import type { RecordFilter } from './record-sql.ts';
import {
  findRecord,
  listRecords,
  programInstitutionId,
  recordHistory,
  recordMedians,
  recordInstitutionId,
} from './records.repo.ts';
import { createRecord, updateRecord } from './records.service.ts';

const RECORD = 'The record';

/**
 * One page of the records matching parsed criteria, among the institutions the user may read (or the one institution
 * a route has checked): the list, one institution's list and find answer alike, from a query string or a body.
 */
function recordPage(db: Db, user: SessionUser, criteria: FindCriteriaParsed, readable?: number[]) {
  const { page, pageSize, sort, ...rest } = criteria;
  const filter: RecordFilter = { ...rest, readable: readable ?? readableInstitutions(user.privileges) };
  return listRecords(db, filter, { page, pageSize, sort });
}
const pageResponse = { 200: RecordPageSchema, ...ERROR_RESPONSES_WITH_404 };

/**
 * Records (docs/product.md §5): list, get, find and history cover only institutions the user may read; create and
 * update need edit rights on the record's institution. Rights are checked before the body is validated, so a
 * caller without them learns nothing from validation messages.
 */
export async function recordRoutes(app: FastifyInstance): Promise<void> {
  recordReadRoutes(app);
  recordWriteRoutes(app);
}

/** List, find, medians, one record and its history: only of institutions the user may read. */
function recordReadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['records'];

  /** The record, when it exists (404) and the user may read its institution (403). */
  async function readableRecord(request: FastifyRequest, id: number): Promise<RecordWire> {
    const record = await findRecord(db, id);
    if (!record) throw notFound(RECORD);
    if (!canReadInstitution(signedInUser(request).privileges, record.institution_id)) throw forbidden();
    return record;
  }

  r.get(
    '/api/records',
    {
      schema: {
        tags,
        summary: 'Records of the institutions you may read: paged, sorted, filtered by the find criteria',
        querystring: FindCriteriaQuerySchema,
        response: pageResponse,
      },
      onRequest: requireSignedIn,
    },
    async (request) => recordPage(db, signedInUser(request), request.query),
  );

  r.get(
    '/api/records/inst/:id',
    {
      schema: {
        tags,
        summary: 'Records of one institution (403 when you may not read it)',
        params: IdParamSchema,
        querystring: FindCriteriaQuerySchema,
        response: pageResponse,
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const user = signedInUser(request);
      if (!(await findInstitution(db, request.params.id))) throw notFound('The institution');
      if (!canReadInstitution(user.privileges, request.params.id)) throw forbidden();
      return recordPage(db, user, request.query, [request.params.id]);
    },
  );

  r.post(
    '/api/records/find',
    {
      schema: {
        tags,
        summary: 'Find records by criteria (AND between criteria, OR within a list), among those you may read',
        body: FindCriteriaSchema,
        response: pageResponse,
      },
      config: { changesNothing: true },
      onRequest: requireSignedIn,
    },
    async (request) => recordPage(db, signedInUser(request), request.body),
  );

  r.get(
    '/api/records/medians',
    {
      schema: {
        tags,
        summary: "Medians of each figure over a program's up to six most recent records before a term (for outlier warnings)",
        querystring: RecordMediansQuerySchema,
        response: { 200: RecordMediansSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const { programId, fiscalYear, term } = request.query;
      const institutionId = await programInstitutionId(db, programId);
      if (institutionId === null) throw notFound('The program');
      if (!canReadInstitution(signedInUser(request).privileges, institutionId)) throw forbidden();
      return recordMedians(db, programId, fiscalYear, term);
    },
  );

  r.get(
    '/api/records/:id',
    {
      schema: {
        tags,
        summary: 'One record',
        params: IdParamSchema,
        response: { 200: RecordSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request) => readableRecord(request, request.params.id),
  );

  r.get(
    '/api/records/:id/history',
    {
      schema: {
        tags,
        summary: 'Who changed the record, when, and what (newest first)',
        params: IdParamSchema,
        response: { 200: RecordHistorySchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      await readableRecord(request, request.params.id);
      return recordHistory(db, request.params.id);
    },
  );
}

/** Create and edit: edit rights on the record's institution, checked before the body is validated. */
function recordWriteRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['records'];

  /** preValidation of PUT: edit rights on the body's institution (its type is checked by validation next). */
  async function requireCreateRights(request: FastifyRequest): Promise<void> {
    const user = signedInUser(request);
    if (!canEditSomeInstitution(user.privileges)) throw forbidden();
    const institutionId = (request.body as { institution_id?: unknown } | null)?.institution_id;
    if (typeof institutionId === 'number' && !canEditInstitution(user.privileges, institutionId)) throw forbidden();
  }

  /** preValidation of PATCH: edit rights on the stored record's institution (a missing record is a 404 later). */
  async function requireUpdateRights(request: FastifyRequest): Promise<void> {
    const user = signedInUser(request);
    if (!canEditSomeInstitution(user.privileges)) throw forbidden();
    const params = IdParamSchema.safeParse(request.params);
    if (!params.success) return;
    const institutionId = await recordInstitutionId(db, params.data.id);
    if (institutionId !== null && !canEditInstitution(user.privileges, institutionId)) throw forbidden();
  }

  r.put(
    '/api/records',
    {
      schema: {
        tags,
        summary:
          'Create a record (a draft unless status is submitted); 409 names an existing record of the same program and term, or (code return_locked) a submitted or approved term return',
        body: RecordCreateSchema,
        response: { 200: IdResponseSchema, 409: RecordConflictSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
      preValidation: requireCreateRights,
    },
    async (request) => ({ id: valueOrHttpError(await createRecord(db, request.body, signedInUser(request).id), RECORD) }),
  );

  r.patch(
    '/api/records/:id',
    {
      schema: {
        tags,
        summary:
          'Edit a record: send the version you loaded; 409 with the current record when someone saved first, or (code return_locked) when its term return is submitted or approved',
        params: IdParamSchema,
        body: RecordUpdateSchema,
        response: { 200: RecordSchema, 409: RecordConflictSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
      preValidation: requireUpdateRights,
    },
    async (request) => {
      const patch = patchOf(request.params, request.body);
      return valueOrHttpError(await updateRecord(db, request.params.id, patch, signedInUser(request)), RECORD);
    },
  );
}
