import { useQuery } from '@tanstack/react-query';
import { AccessContactsSchema, type AccessContacts } from '../../../../shared/schemas/contacts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_UI } from '../messages.ts';

/** GET /api/profile/access-contacts: who the signed-in person asks for access (asked only when signed in). */
export function useAccessContacts(enabled: boolean) {
  return useQuery({
    queryKey: ['profile', 'access-contacts'] as const,
    queryFn: ({ signal }): Promise<AccessContacts> =>
      apiRequest({
        path: '/api/profile/access-contacts',
        errorMessage: SESSION_UI.contacts.failed,
        schema: AccessContactsSchema,
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
