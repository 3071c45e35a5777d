import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReminderSummarySchema, type ReminderRequest, type ReminderSummary } from '../../../../shared/schemas/returns.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RETURN_UI } from '../messages.ts';
import { RETURNS_QUERY_KEY } from './get-returns.ts';

/**
 * POST /api/returns/reminders (app admins, only when mail is configured): with `dry_run` it answers who would be mailed
 * and sends nothing, for the confirmation; without, it sends and answers what went out and what was left out.
 */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderRequest): Promise<ReminderSummary> =>
      apiRequest({
        path: '/api/returns/reminders',
        method: 'POST',
        body,
        errorMessage: RETURN_UI.errors.reminders,
        schema: ReminderSummarySchema,
      }),
    onSettled: (_data, _error, body) => {
      if (!body.dry_run) void queryClient.invalidateQueries({ queryKey: RETURNS_QUERY_KEY });
    },
  });
}
