import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ReleaseCalendarSchema,
  ReleaseCandidateSchema,
  ReleaseSchema,
  type Release,
  type ReleaseCreate,
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
