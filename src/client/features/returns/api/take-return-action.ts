import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { RETURN_UI } from '../messages.ts';
import type { ReturnPageAction } from '../lib/return-actions.ts';
import { RETURNS_QUERY_KEY } from './get-returns.ts';

export interface ReturnActionInput {
  action: ReturnPageAction;
  version: number;
  reason?: string;
  /** The new due date of a send-back or reopening. */
  due_again_on?: string;
}

/**
 * POST /api/returns/{id}/<action> with the version the user saw (a return changed meanwhile is a 409, shown in place),
 * then every return query is asked again: the page, its programs and the matrix.
 */
export function useReturnAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: ReturnActionInput) =>
      apiRequest({
        path: `/api/returns/${id}/${action}`,
        method: 'POST',
        body,
        errorMessage: RETURN_UI.errors.action,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RETURNS_QUERY_KEY }),
  });
}
