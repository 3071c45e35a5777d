import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ReleaseCalendarSchema,
  ReleaseCandidateSchema,
  ReleaseScheduleSchema,
  ReleaseSchema,
  type Release,
  type ReleaseCreate,
  type ReleaseSchedule,
  type ReleaseScheduleUpdate,
} from '../../../../shared/schemas/releases.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
import { RELEASE_UI } from '../messages.ts';

const CALENDAR_KEY = ['releases'] as const;
const CANDIDATES_KEY = ['releases', 'candidates'] as const;

/** GET /api/releases: the calendar. */
export function useReleaseCalendar() {
  return useQuery({
    queryKey: CALENDAR_KEY,
    queryFn: () => apiRequest({ path: '/api/releases', errorMessage: RELEASE_UI.errors.calendar, schema: ReleaseCalendarSchema }),
  });
}

/** GET /api/releases/candidates (app admins): every period as a release would take it now. */
export function useReleaseCandidates(enabled: boolean) {
  return useQuery({
    queryKey: CANDIDATES_KEY,
    enabled,
    queryFn: () =>
      apiRequest({
        path: '/api/releases/candidates',
        errorMessage: RELEASE_UI.errors.candidates,
        schema: z.array(ReleaseCandidateSchema),
      }),
  });
}

/** POST /api/releases; the calendar, the candidates and every report (their province figures) are read again. */
export function useCreateRelease() {
  const queryClient = useQueryClient();
  return useMutation<Release, ApiError | Error, ReleaseCreate>({
    mutationFn: (body) =>
      apiRequest({ path: '/api/releases', method: 'POST', body, errorMessage: RELEASE_UI.admin.failed, schema: ReleaseSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
        // Every report's province row may change: reports keep their answers under 'reports' (reports/api/get-report.ts).
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
      ]),
  });
}

/**
 * PUT /api/releases/schedule, with the version the form was read at. The calendar is read again after a change, and
 * after a refusal too (another admin's change is then what the form shows).
 */
export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation<ReleaseSchedule, ApiError | Error, ReleaseScheduleUpdate>({
    mutationFn: (body) =>
      apiRequest({
        path: '/api/releases/schedule',
        method: 'PUT',
        body,
        errorMessage: RELEASE_UI.schedule.failed,
        schema: ReleaseScheduleSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
  });
}
