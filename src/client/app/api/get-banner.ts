import { queryOptions, useQuery } from '@tanstack/react-query';
import { BannerResponseSchema, type Banner, type BannerResponse } from '../../../shared/schemas/banner.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /global/header.json: the site-wide advisory banner, or `{}` when there is none. */
export function getBanner(signal?: AbortSignal): Promise<BannerResponse> {
  return apiRequest({
    path: '/global/header.json',
    errorMessage: ERRORS.banner,
    schema: BannerResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function isBanner(response: BannerResponse | undefined): response is Banner {
  return !!response && 'text' in response && typeof response.text === 'string' && response.text.length > 0;
}

export const bannerQueryOptions = queryOptions({
  queryKey: ['banner'] as const,
  queryFn: ({ signal }) => getBanner(signal),
  staleTime: 5 * 60_000,
});

/** The banner to show, if any; a banner that cannot be loaded is simply not shown. */
export function useBanner(): Banner | undefined {
  const { data } = useQuery(bannerQueryOptions);
  return isBanner(data) ? data : undefined;
}
