// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../shared/schemas/site.ts';
import { parseSiteConfig, readSiteConfig } from './site-config.tsx';

describe('site config', () => {
  it('falls back to the defaults when there is no block or it is not JSON', () => {
    expect(parseSiteConfig(undefined)).toEqual(SITE_DEFAULTS);
    expect(parseSiteConfig('<!--site-config-->')).toEqual(SITE_DEFAULTS);
    expect(parseSiteConfig('null')).toEqual(SITE_DEFAULTS);
  });

  it('reads a full block', () => {
    const config = { ...SITE_DEFAULTS, isDevelopment: true, reminders: true, onlineToolsUrl: 'https://tools.example.ca/' };
    expect(parseSiteConfig(JSON.stringify(config))).toEqual(config);
  });

  it('fills missing fields from the defaults and replaces wrong ones', () => {
    const config = parseSiteConfig(
      JSON.stringify({ isDevelopment: 'yes', reminders: 'yes', footer: { phone: '250-555-0100', mapsUrl: 7 } }),
    );
    expect(config.isDevelopment).toBe(false);
    expect(config.reminders).toBe(false);
    expect(config.footer.phone).toBe('250-555-0100');
    expect(config.footer.mapsUrl).toBe(SITE_DEFAULTS.footer.mapsUrl);
    expect(config.footer.contactLabel).toBe('Contacts');
  });

  it('reads the block the server writes into the page', () => {
    document.head.innerHTML = `<script type="application/json" id="site-config">${JSON.stringify({ ...SITE_DEFAULTS, isDevelopment: true })}</script>`;
    expect(readSiteConfig().isDevelopment).toBe(true);
  });
});
