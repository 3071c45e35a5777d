import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkApproveResultSchema, type BulkApproveBody, type BulkApproveResult } from '../../../../shared/schemas/returns.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { BULK_APPROVE_UI } from '../bulk-approve-messages.ts';
import { RETURNS_QUERY_KEY } from './get-returns.ts';

/**
 * POST /api/returns/approve (app admins): the chosen returns, each with the version seen when it was chosen. The
 * answer says per return whether it was approved; every return query is asked again either way.
 */
export function useApproveMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkApproveBody): Promise<BulkApproveResult> =>
      apiRequest({
        path: '/api/returns/approve',
        method: 'POST',
        body,
        errorMessage: BULK_APPROVE_UI.failed,
        schema: BulkApproveResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RETURNS_QUERY_KEY }),
  });
}
