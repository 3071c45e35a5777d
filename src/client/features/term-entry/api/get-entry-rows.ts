import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ReturnEntryRowSchema, type ReturnEntryRow } from '../../../../shared/schemas/returns.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ENTRY_UI } from '../messages.ts';

export const entryRowsKey = (returnId: number) => ['returns', 'entry', returnId] as const;

/** GET /api/returns/{id}/records: the return's expected programs with their whole records, for the grid. */
export function useEntryRows(returnId: number) {
  return useQuery({
    queryKey: entryRowsKey(returnId),
    queryFn: ({ signal }): Promise<ReturnEntryRow[]> =>
      apiRequest({
        path: `/api/returns/${returnId}/records`,
        errorMessage: ENTRY_UI.loadError,
        schema: z.array(ReturnEntryRowSchema),
        signal,
      }),
    // The grid holds what the person typed; a refetch behind their back is merged, never needed for correctness.
    refetchOnWindowFocus: false,
  });
}
