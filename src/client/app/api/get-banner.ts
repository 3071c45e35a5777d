import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { BANNER_ELEMENT_ID, BannerResponseSchema, type Banner, type BannerResponse } from '../../../shared/schemas/banner.ts';
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

/** The banner the server wrote into the page (BANNER_ELEMENT_ID), if it did and it reads as one. */
export function readPageBanner(doc: Document = document): BannerResponse | undefined {
  const text = doc.getElementById(BANNER_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return BannerResponseSchema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

/**
 * Starts the cache with the page's own banner, so the header draws it with the first paint rather than growing when
 * /global/header.json answers (layout shift, issue 21). Without one (the dev server) the banner is fetched as before.
 */
export function seedPageBanner(queryClient: QueryClient, doc: Document = document): void {
  const banner = readPageBanner(doc);
  if (banner) queryClient.setQueryData(bannerQueryOptions.queryKey, banner);
}

/** The banner to show, if any; a banner that cannot be loaded is simply not shown. */
export function useBanner(): Banner | undefined {
  const { data } = useQuery(bannerQueryOptions);
  return isBanner(data) ? data : undefined;
}
