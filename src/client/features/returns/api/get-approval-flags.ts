import { useQuery } from '@tanstack/react-query';
import { ApprovalFlagsSchema, type ApprovalFlags } from '../../../../shared/schemas/returns.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { BULK_APPROVE_UI } from '../bulk-approve-messages.ts';
import { RETURNS_QUERY_KEY } from './get-returns.ts';

/**
 * GET /api/returns/approval-flags (app admins): what the figures of the returns chosen for approval flag, asked
 * when the confirmation opens (`ids` empty: not asked).
 */
export function useApprovalFlags(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...RETURNS_QUERY_KEY, 'approval-flags', sorted] as const,
    enabled: sorted.length > 0,
    queryFn: ({ signal }): Promise<ApprovalFlags> =>
      apiRequest({
        path: `/api/returns/approval-flags?ids=${sorted.join(',')}`,
        errorMessage: BULK_APPROVE_UI.figures.failed,
        schema: ApprovalFlagsSchema,
        signal,
      }),
  });
}
