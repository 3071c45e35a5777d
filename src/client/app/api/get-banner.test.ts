// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { BANNER_ELEMENT_ID } from '../../../shared/schemas/banner.ts';
import { bannerQueryOptions, readPageBanner, seedPageBanner } from './get-banner.ts';

const BANNER = { text: 'Maintenance tonight', type: 'warning', icon: 'alert-triangle' };

function writeBlock(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = BANNER_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById(BANNER_ELEMENT_ID)?.remove());

describe("the page's own banner", () => {
  it('starts the cache with the banner the server wrote, and with "none" when it wrote {}', () => {
    writeBlock(JSON.stringify(BANNER));
    const queryClient = new QueryClient();
    seedPageBanner(queryClient);
    expect(queryClient.getQueryData(bannerQueryOptions.queryKey)).toEqual(BANNER);
    expect(queryClient.getQueryState(bannerQueryOptions.queryKey)?.isInvalidated).toBe(false);

    document.getElementById(BANNER_ELEMENT_ID)!.textContent = '{}';
    expect(readPageBanner()).toEqual({});
  });

  it('leaves the cache alone, so the banner is fetched, without a block or with one that is not a banner', () => {
    for (const text of [null, 'not json', JSON.stringify({ text: 'No type' })]) {
      if (text !== null) writeBlock(text);
      const queryClient = new QueryClient();
      seedPageBanner(queryClient);
      expect(queryClient.getQueryState(bannerQueryOptions.queryKey), String(text)).toBeUndefined();
      document.getElementById(BANNER_ELEMENT_ID)?.remove();
    }
  });
});
