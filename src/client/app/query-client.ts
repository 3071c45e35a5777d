import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';
import { PROFILE_QUERY_KEY } from '../features/session/index.ts';

/**
 * One cache for server state. The api client already retries reads once, so the cache does not retry again.
 * A 401 from any call means the session has ended: the profile is fetched again so the page shows it.
 */
export function createAppQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error) && error.status === 401 && query.queryKey[0] !== PROFILE_QUERY_KEY[0]) {
          void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      },
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
