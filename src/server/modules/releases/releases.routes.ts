import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '../../../shared/schemas/api.ts';
import {
  ReleaseCalendarSchema,
  ReleaseCandidateSchema,
  ReleaseCreateSchema,
  ReleaseScheduleConflictSchema,
  ReleaseScheduleSchema,
  ReleaseScheduleUpdateSchema,
  ReleaseSchema,
  type Release,
} from '../../../shared/schemas/releases.ts';
import { readableInstitutions } from '../../../shared/permissions.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import { bcToday } from '../../../shared/term-calendar.ts';
import { valueOrHttpError } from '../../http-errors.ts';
import { requireAppAdmin, requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import {
  createRelease,
  listReleases,
  readSchedule,
  releaseCandidates,
  updateSchedule,
  upcomingReleases,
} from './releases.repo.ts';
import { releaseMade } from './release-made.ts';

/**
 * Releases of province figures (decision 024): the calendar anyone signed in may read (what was released when, what
 * the schedule will release); app admins see what a release would take, release, and set the schedule.
 */
export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['releases'];

  r.get(
    '/api/releases',
    {
      schema: {
        tags,
        summary: 'The release calendar: every release of province figures, newest first, and the releases the schedule will make',
        response: { 200: ReleaseCalendarSchema, ...ERROR_RESPONSES },
      },
      onRequest: requireSignedIn,
    },
    async (request) => ({
      releases: countsFor(signedInUser(request).privileges, await listReleases(db)),
      upcoming: await upcomingReleases(db, bcToday()),
      schedule: await readSchedule(db),
    }),
  );

  r.get(
    '/api/releases/candidates',
    {
      schema: {
        tags,
        summary: 'Every period as a release would take it now: final or provisional, its latest release and what changed since',
        response: { 200: z.array(ReleaseCandidateSchema), ...ERROR_RESPONSES },
      },
      onRequest: requireAppAdmin,
    },
    async () => releaseCandidates(db),
  );

  r.post(
    '/api/releases',
    {
      schema: {
        tags,
        summary: 'Release the province figures of some periods as they stand now, with a note',
        body: ReleaseCreateSchema,
        response: { 200: ReleaseSchema, ...ERROR_RESPONSES },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const outcome = await createRelease(db, request.body, signedInUser(request).id);
      // The release answers once its figures are ready to serve (decision 043); it is made whatever comes of that.
      if (outcome.ok) await releaseMade.call(db, outcome.value.periods, request.log);
      return valueOrHttpError(outcome, 'The release');
    },
  );

  r.put(
    '/api/releases/schedule',
    {
      schema: {
        tags,
        summary:
          'When the schedule releases: provisionally some days after a due date, and finally once every return is approved',
        body: ReleaseScheduleUpdateSchema,
        response: { 200: ReleaseScheduleSchema, ...ERROR_RESPONSES, 409: ReleaseScheduleConflictSchema },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => valueOrHttpError(await updateSchedule(db, request.body, signedInUser(request).id), 'The release schedule'),
  );
}

/**
 * The calendar as a person may read it: how many records and institutions each release holds of a period only for
 * whoever reads every institution. The difference between a provisional and a final release's counts is the late
 * institutions' records, a count the reports hold back from anyone else (found by a statistician's audit).
 */
function countsFor(privileges: Privileges, releases: Release[]): Release[] {
  if (readableInstitutions(privileges) === 'all') return releases;
  return releases.map((r) => ({
    ...r,
    periods: r.periods.map(({ fiscal_year, term, final }) => ({ fiscal_year, term, final })),
  }));
}
