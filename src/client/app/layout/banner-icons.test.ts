import { IconAlertOctagon, IconAlertTriangle, IconInfoCircle, IconTool } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { bannerIcon, normaliseIconName, safeBannerUrl } from './banner-icons.ts';

describe('banner icons', () => {
  it('accepts the usual spellings of an icon name', () => {
    for (const name of [
      'alert-triangle',
      'IconAlertTriangle',
      'AlertTriangle',
      'ti ti-alert-triangle',
      'tabler-alert-triangle',
      'alert_triangle',
    ]) {
      expect(normaliseIconName(name)).toBe('alert-triangle');
    }
  });

  it('finds a known icon and falls back to the type’s icon', () => {
    expect(bannerIcon('tool', 'info')).toBe(IconTool);
    expect(bannerIcon('IconAlertTriangle', 'info')).toBe(IconAlertTriangle);
    expect(bannerIcon('no-such-icon', 'error')).toBe(IconAlertOctagon);
    expect(bannerIcon('', 'info')).toBe(IconInfoCircle);
  });
});

describe('safeBannerUrl', () => {
  it('keeps site paths and web addresses', () => {
    expect(safeBannerUrl('/reports')).toBe('/reports');
    expect(safeBannerUrl('https://www.uvic.ca/news')).toBe('https://www.uvic.ca/news');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    '//evil.example',
    '/\\evil',
    '/\\evil.example',
    '/..//evil.example',
    '/%2F%2Fevil.example',
    'http://status.example.ca/',
    'https://wil.example.ca@evil.example/',
    'not a url',
    undefined,
    '',
  ])('drops %j', (url) => {
    expect(safeBannerUrl(url)).toBeUndefined();
  });
});
