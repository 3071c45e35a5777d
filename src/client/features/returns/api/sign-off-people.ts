import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReadyForSignOffResultSchema,
  SignOffPeopleSchema,
  type ReadyForSignOffResult,
  type SignOffPeople,
} from '../../../../shared/schemas/contacts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RETURN_UI } from '../messages.ts';
import { RETURNS_QUERY_KEY } from './get-returns.ts';

/** GET /api/returns/{id}/sign-off-people: who may sign the return off, and when they were last told it is ready. */
export function useSignOffPeople(id: number) {
  return useQuery({
    queryKey: [...RETURNS_QUERY_KEY, 'sign-off-people', id] as const,
    queryFn: ({ signal }): Promise<SignOffPeople> =>
      apiRequest({
        path: `/api/returns/${id}/sign-off-people`,
        errorMessage: RETURN_UI.errors.signOffPeople,
        schema: SignOffPeopleSchema,
        signal,
      }),
  });
}

/**
 * POST /api/returns/{id}/ready-for-sign-off (only when mail is configured): mails the sign-off people; then every
 * return query is asked again, so the history shows the entry and the people show when they were told.
 */
export function useReadyForSignOff(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ReadyForSignOffResult> =>
      apiRequest({
        path: `/api/returns/${id}/ready-for-sign-off`,
        method: 'POST',
        body: {},
        errorMessage: RETURN_UI.errors.ready,
        schema: ReadyForSignOffResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RETURNS_QUERY_KEY }),
  });
}
