import { z } from 'zod';
import { DEFAULT_DISCLOSURE_RULE } from '../disclosure.ts';

/**
 * Settings the page needs before any call: the environment flag and the header/footer texts and links.
 * The server writes them into index.html as a JSON data block (`<script type="application/json" id="site-config">`),
 * which a strict Content-Security-Policy allows because it is never executed.
 */
export const SiteConfigSchema = z.object({
  isDevelopment: z.boolean(),
  /** Whether single sign-on is configured (always outside development; optional in it). */
  singleSignOn: z.boolean(),
  onlineToolsUrl: z.string(),
  /**
   * Whether mail is configured (SMTP_URL and MAIL_FROM): without it the reminder and "Ready for sign-off" actions are
   * absent.
   */
  reminders: z.boolean(),
  /** The disclosure rule's settings, for the footnote under a report with hidden figures. */
  disclosure: z.object({ minInstitutions: z.number().int(), maxSharePercent: z.number() }),
  footer: z.object({
    addressLines: z.array(z.string()),
    phone: z.string(),
    contactLabel: z.string(),
    contactUrl: z.string(),
    mapsUrl: z.string(),
    hoursUrl: z.string(),
    termsUrl: z.string(),
    accessibilityUrl: z.string(),
    emergencyUrl: z.string(),
    feedbackUrl: z.string(),
    copyright: z.string(),
  }),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** Defaults (docs/product.md §10.1): a university postal address in Victoria BC, contact label "Contacts". */
export const SITE_DEFAULTS: SiteConfig = {
  isDevelopment: false,
  singleSignOn: true,
  reminders: false,
  onlineToolsUrl: 'https://www.uvic.ca/search/tools/',
  disclosure: DEFAULT_DISCLOSURE_RULE,
  footer: {
    addressLines: ['University of Victoria', 'PO Box 1700 STN CSC', 'Victoria BC  V8W 2Y2', 'Canada'],
    phone: '1-250-721-7211',
    contactLabel: 'Contacts',
    contactUrl: 'https://www.uvic.ca/contact-us/',
    mapsUrl: 'https://www.uvic.ca/search/maps-buildings/',
    hoursUrl: 'https://www.uvic.ca/info/hours/',
    termsUrl: 'https://www.uvic.ca/info/terms-of-use/',
    accessibilityUrl: 'https://www.uvic.ca/info/accessibility/',
    emergencyUrl: 'https://www.uvic.ca/info/emergency-contacts/',
    feedbackUrl: 'https://www.uvic.ca/info/website-feedback/',
    copyright: `© ${new Date().getFullYear()} B.C. Co-op Education and WIL Statistical Database`,
  },
};

export const SITE_CONFIG_ELEMENT_ID = 'site-config';
