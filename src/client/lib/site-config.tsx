import { createContext, useContext } from 'react';
import { SITE_CONFIG_ELEMENT_ID, SITE_DEFAULTS, SiteConfigSchema, type SiteConfig } from '../../shared/schemas/site.ts';

/**
 * The page's settings: written into index.html by the server (by the Vite plugin under the dev server)
 * as a JSON data block. Missing or malformed settings fall back to the defaults, field by field.
 */
export function parseSiteConfig(text: string | null | undefined): SiteConfig {
  if (!text) return SITE_DEFAULTS;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return SITE_DEFAULTS;
  }
  if (typeof raw !== 'object' || raw === null) return SITE_DEFAULTS;
  const given = raw as Partial<SiteConfig>;
  const merged = {
    ...SITE_DEFAULTS,
    ...given,
    footer: { ...SITE_DEFAULTS.footer, ...(typeof given.footer === 'object' && given.footer !== null ? given.footer : {}) },
  };
  const parsed = SiteConfigSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  // Keep the fields that are right; a wrong one falls back to its default.
  const footer = { ...SITE_DEFAULTS.footer };
  for (const key of Object.keys(footer) as (keyof SiteConfig['footer'])[]) {
    const ok = SiteConfigSchema.shape.footer.shape[key].safeParse(merged.footer[key]);
    if (ok.success) (footer as Record<string, unknown>)[key] = ok.data;
  }
  return {
    isDevelopment: typeof merged.isDevelopment === 'boolean' ? merged.isDevelopment : SITE_DEFAULTS.isDevelopment,
    singleSignOn: typeof merged.singleSignOn === 'boolean' ? merged.singleSignOn : SITE_DEFAULTS.singleSignOn,
    onlineToolsUrl: typeof merged.onlineToolsUrl === 'string' ? merged.onlineToolsUrl : SITE_DEFAULTS.onlineToolsUrl,
    reminders: typeof merged.reminders === 'boolean' ? merged.reminders : SITE_DEFAULTS.reminders,
    disclosure: SiteConfigSchema.shape.disclosure.safeParse(merged.disclosure).data ?? SITE_DEFAULTS.disclosure,
    footer,
  };
}

export function readSiteConfig(doc: Document = document): SiteConfig {
  return parseSiteConfig(doc.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent);
}

export const SiteConfigContext = createContext<SiteConfig>(SITE_DEFAULTS);

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
