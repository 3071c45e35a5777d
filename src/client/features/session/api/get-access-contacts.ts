import { useQuery } from '@tanstack/react-query';
import { AccessContactsSchema, type AccessContacts } from '../../../../shared/schemas/contacts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_UI } from '../messages.ts';

/**
 * GET /api/profile/access-contacts: who the signed-in person asks for access (asked only when signed in); for a screen
 * only app admins may use, the app admins.
 */
export function useAccessContacts(enabled: boolean, appAdminScreen = false) {
  return useQuery({
    queryKey: ['profile', 'access-contacts', appAdminScreen ? 'app-admin' : 'own'] as const,
    queryFn: ({ signal }): Promise<AccessContacts> =>
      apiRequest({
        path: '/api/profile/access-contacts',
        ...(appAdminScreen ? { query: { screen: 'app-admin' } } : {}),
        errorMessage: SESSION_UI.contacts.failed,
        schema: AccessContactsSchema,
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
