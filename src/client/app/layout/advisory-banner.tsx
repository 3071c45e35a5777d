import { Alert, Anchor, Text } from '@mantine/core';
import type { Banner } from '../../../shared/schemas/banner.ts';
import { useBanner } from '../api/get-banner.ts';
import { APP_UI } from '../messages.ts';
import { bannerIcon, safeBannerUrl } from './banner-icons.ts';

const BANNER_COLOURS: Record<Banner['type'], string> = { info: 'navy', success: 'green', warning: 'yellow', error: 'red' };

/** The site-wide advisory banner from /global/header.json (docs/product.md §2.3), when there is one. */
export function AdvisoryBanner() {
  const banner = useBanner();
  if (!banner) return null;
  const Icon = bannerIcon(banner.icon, banner.type);
  const url = safeBannerUrl(banner.url);
  return (
    <Alert
      role="region"
      aria-label={APP_UI.banner.region}
      color={BANNER_COLOURS[banner.type]}
      variant="light"
      radius={0}
      py="sm"
      icon={<Icon aria-hidden="true" size={22} />}
      data-banner-type={banner.type}
      styles={{ root: { borderBottom: '1px solid var(--mantine-color-gray-3)' }, wrapper: { maxWidth: 1140, margin: '0 auto' } }}
    >
      <Text size="sm" c="var(--mantine-color-black)">
        <span className="visually-hidden">{APP_UI.banner.typeLabel[banner.type]}: </span>
        {banner.text}
        {url ? (
          <>
            {' '}
            <Anchor href={url} size="sm" fw={600} c="navy.9">
              {APP_UI.banner.moreInformation}
            </Anchor>
          </>
        ) : null}
      </Text>
    </Alert>
  );
}
