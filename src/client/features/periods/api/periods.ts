import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PeriodSchema, type Period, type PeriodCreate, type PeriodUpdate } from '../../../../shared/schemas/returns.ts';
import { apiRequest, readCreatedId, type ApiError } from '../../../lib/api-client.ts';
import { periodsQueryOptions, RETURNS_QUERY_KEY } from '../../returns/index.ts';
import { PERIOD_UI } from '../messages.ts';

/** GET /api/periods, the same cached list the completeness matrix reads. */
export function usePeriodList() {
  return useQuery(periodsQueryOptions);
}

/** A period's dates change, or a period is added: the list, and the returns that show due dates, are read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: periodsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: RETURNS_QUERY_KEY }),
    ]);
}

/**
 * PATCH /api/periods/{id}: new dates (the fiscal year and term never change) with the version they were read at;
 * answers the saved period. The periods are read again after a refusal too (a newer change is then what they show).
 */
export function useUpdatePeriod() {
  const refresh = useRefreshAfter();
  return useMutation<Period, ApiError | Error, { id: number; patch: Pick<PeriodUpdate, 'opens_on' | 'due_on' | 'version'> }>({
    mutationFn: ({ id, patch }) =>
      apiRequest({
        path: `/api/periods/${id}`,
        method: 'PATCH',
        body: patch,
        errorMessage: PERIOD_UI.errors.save,
        schema: PeriodSchema,
      }),
    onSettled: refresh,
  });
}

/** PUT /api/periods: a new period and its returns; a 409 names the period of that term that already exists. */
export function useCreatePeriod() {
  const refresh = useRefreshAfter();
  return useMutation<number, ApiError | Error, PeriodCreate>({
    mutationFn: async (body) =>
      readCreatedId(await apiRequest({ path: '/api/periods', method: 'PUT', body, errorMessage: PERIOD_UI.errors.add }), 'other'),
    onSuccess: refresh,
  });
}
