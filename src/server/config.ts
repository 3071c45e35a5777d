import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEV_ENV } from '../shared/constants.ts';
import { SITE_DEFAULTS, type SiteConfig } from '../shared/schemas/site.ts';
import { hostNameOf } from './host-names.ts';
import { plainAddressProblem } from './mail/mail-address.ts';
import type { MailSettings } from './mail/mailer.ts';
import { DEFAULT_DISCLOSURE_RULE, type DisclosureRule } from '../shared/disclosure.ts';
import { isIsoDate } from '../shared/term-calendar.ts';

/** Settings come from the environment only (docs/product.md §10.1); each bad or missing value is named at start. */
const EnvSchema = z.object({
  // Not trimmed: only exactly "D" is development (a stray space must not turn the direct sign-in on or off unseen).
  APP_ENV: z.string().default(''),
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int('must be a whole number')
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().trim().min(1).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_ANSWER_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1)
    .max(3600)
    .default(60),
  DISCLOSURE_MIN_INSTITUTIONS: z.coerce
    .number({ error: 'must be a whole number of institutions' })
    .int('must be a whole number of institutions')
    .min(1)
    .max(100)
    .default(DEFAULT_DISCLOSURE_RULE.minInstitutions),
  DISCLOSURE_MAX_SHARE_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(50, 'must be from 50 to 100')
    .max(100, 'must be from 50 to 100')
    .default(DEFAULT_DISCLOSURE_RULE.maxSharePercent),
  PUBLIC_URL: z.url('must be the absolute URL people use to reach the app, like https://wil.example.ca').optional(),
  ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .superRefine((entries, ctx) => {
      for (const entry of entries) {
        const problem = allowedHostProblem(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: `"${entry}" ${problem}` });
      }
    })
    .optional(),
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
  SESSION_MAX_HOURS: z.coerce.number({ error: 'must be a number of hours' }).int().min(1).max(72).default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OIDC_ISSUER: z.url('must be the provider’s issuer URL').optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().trim().default('openid profile email'),
  OIDC_CLAIM_USERNAME: z.string().trim().min(1).default('preferred_username'),
  OIDC_CLAIM_NAME: z.string().trim().min(1).default('name'),
  OIDC_CLAIM_EMAIL: z.string().trim().min(1).default('email'),
  OIDC_CLAIM_INSTITUTION: z.string().trim().min(1).default('institution'),
  OIDC_CLAIM_AFFILIATION: z.string().trim().min(1).default('affiliation'),
  /** Tests and the single sign-on demo: lets openid-client talk to an http:// issuer, on loopback only (refused else). */
  OIDC_ALLOW_INSECURE: z.enum(['true', 'false']).default('false'),
  // Never echoed in a message: the URL may carry the mail server's password.
  SMTP_URL: z
    .string()
    .trim()
    .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL with a host, like smtps://user:password@mail.example.ca:465')
    .optional(),
  MAIL_FROM: z
    .string()
    .superRefine((value, ctx) => {
      const problem = plainAddressProblem(value.trim());
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.trim())
    .optional(),
  /** Development only: the B.C. day the demo is seeded as of and the periods job takes for today (tests pin it). */
  DEMO_TODAY: z.string().trim().refine(isIsoDate, 'must be a calendar date written YYYY-MM-DD, like 2025-12-15').optional(),
  ONLINE_TOOLS_URL: z.string().trim().optional(),
  FOOTER_ADDRESS: z.string().optional(),
  FOOTER_PHONE: z.string().optional(),
  FOOTER_CONTACT_URL: z.string().optional(),
  FOOTER_MAPS_URL: z.string().optional(),
  FOOTER_HOURS_URL: z.string().optional(),
  FOOTER_TERMS_URL: z.string().optional(),
  FOOTER_ACCESSIBILITY_URL: z.string().optional(),
  FOOTER_EMERGENCY_URL: z.string().optional(),
  FOOTER_FEEDBACK_URL: z.string().optional(),
  FOOTER_COPYRIGHT: z.string().optional(),
});

/** Whether a value is a URL of a mail server the reminders can be sent through: smtp:// (STARTTLS when offered) or smtps://. */
function isSmtpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Why an ALLOWED_HOSTS entry is not a host name, or null when it is one. */
function allowedHostProblem(entry: string): string | null {
  if (/:\d*$/.test(entry) && !entry.endsWith(']')) return 'has a port: write the name alone, any port is accepted';
  if (hostNameOf(entry) === null) return 'is not a host name (write it as wil.example.ca, 10.0.0.5 or [::1])';
  return null;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string;
  claims: { username: string; name: string; email: string; institution: string; affiliation: string };
  allowInsecure: boolean;
}

export interface AppConfig {
  isDevelopment: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  /** PostgreSQL: how long any one query may go unanswered before its connection is given up (a frozen database). */
  databaseAnswerMs: number;
  dataDir: string;
  /** Disclosure control of the province row (docs/product.md §11.1): at least this many institutions, none above this share. */
  disclosure: DisclosureRule;
  publicUrl?: string;
  /**
   * Host names the server answers to besides loopback in development (decision 015): PUBLIC_URL's and ALLOWED_HOSTS'.
   * Normalised as `hostNameOf` does.
   */
  allowedHosts: readonly string[];
  cookieSecret: string;
  secureCookies: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  logLevel: string;
  /**
   * Development only (DEMO_TODAY): the B.C. day the demo data is seeded as of, the periods job opens periods as of and
   * the release schedule makes releases as of (stamped with that day), instead of today; so a test's demo does not
   * move with the calendar. The app's clock is not moved: what is open,
   * due and overdue is worked out from the real date.
   */
  demoToday?: string;
  oidc?: OidcSettings;
  /** Reminder mails; undefined when not configured, and then the reminder action does not exist. */
  mail?: MailSettings;
  site: SiteConfig;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`The app cannot start because of its settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));

/** Reads and checks the settings; throws a ConfigError naming every bad or missing one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const isDevelopment = e.APP_ENV === DEV_ENV;
  const problems: string[] = [];
  if (!isDevelopment && e.APP_ENV.trim() === DEV_ENV) {
    problems.push(`APP_ENV: "${e.APP_ENV}" has spaces around it; only exactly "${DEV_ENV}" starts development`);
  }

  const oidcGiven = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID].some(Boolean);
  if (!isDevelopment || oidcGiven) {
    // Outside development there is no other way in: never fall back to direct sign-in.
    const why = isDevelopment
      ? 'part of the OIDC settings is given'
      : `APP_ENV is not "${DEV_ENV}" (development), so single sign-on is the only way to sign in`;
    if (!e.OIDC_ISSUER) problems.push(`OIDC_ISSUER is missing: ${why}`);
    if (!e.OIDC_CLIENT_ID) problems.push(`OIDC_CLIENT_ID is missing: ${why}`);
    if (!e.PUBLIC_URL) problems.push(`PUBLIC_URL is missing: the sign-in callback address is built from it`);
  }
  if (!isDevelopment && !e.COOKIE_SECRET) {
    problems.push('COOKIE_SECRET is missing: every app server must share one secret of at least 32 characters');
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    problems.push('MAIL_FROM is missing: SMTP_URL is set, and reminder mails need a sender address like wil@example.ca');
  }
  if (e.MAIL_FROM && !e.SMTP_URL) {
    problems.push('SMTP_URL is missing: MAIL_FROM is set, but reminder mails need a mail server to go through');
  }
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    problems.push('PUBLIC_URL is missing: reminder mails link to the returns through it (SMTP_URL is set)');
  }
  if (e.OIDC_ALLOW_INSECURE === 'true' && e.OIDC_ISSUER && !isLoopbackUrl(e.OIDC_ISSUER)) {
    problems.push(
      'OIDC_ALLOW_INSECURE is true: it lets sign-on talk to a provider over plain http, and only on this machine (loopback), for tests',
    );
  }
  if (e.DEMO_TODAY && !isDevelopment) {
    problems.push(`DEMO_TODAY is set: it pins the demo's day, and only exists in development (APP_ENV=${DEV_ENV})`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const d = SITE_DEFAULTS.footer;
  const oidc: OidcSettings | undefined =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          scopes: e.OIDC_SCOPES,
          claims: {
            username: e.OIDC_CLAIM_USERNAME,
            name: e.OIDC_CLAIM_NAME,
            email: e.OIDC_CLAIM_EMAIL,
            institution: e.OIDC_CLAIM_INSTITUTION,
            affiliation: e.OIDC_CLAIM_AFFILIATION,
          },
          allowInsecure: e.OIDC_ALLOW_INSECURE === 'true',
        }
      : undefined;

  return {
    isDevelopment,
    port: e.PORT,
    host: e.HOST ?? (isDevelopment ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: e.DATABASE_URL,
    databaseAnswerMs: e.DATABASE_ANSWER_SECONDS * 1000,
    dataDir: e.DATA_DIR,
    disclosure: { minInstitutions: e.DISCLOSURE_MIN_INSTITUTIONS, maxSharePercent: e.DISCLOSURE_MAX_SHARE_PERCENT },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    allowedHosts: [
      ...new Set([
        ...(e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).hostname] : []),
        ...(e.ALLOWED_HOSTS ?? []).map((entry) => hostNameOf(entry)!),
      ]),
    ],
    // In development a per-start secret is enough: a restart only signs out in-flight sign-ins.
    cookieSecret: e.COOKIE_SECRET ?? randomBytes(32).toString('hex'),
    secureCookies: !isDevelopment,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    demoToday: e.DEMO_TODAY,
    oidc,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    site: {
      isDevelopment,
      singleSignOn: oidc !== undefined,
      reminders: e.SMTP_URL !== undefined,
      onlineToolsUrl: e.ONLINE_TOOLS_URL ?? SITE_DEFAULTS.onlineToolsUrl,
      disclosure: { minInstitutions: e.DISCLOSURE_MIN_INSTITUTIONS, maxSharePercent: e.DISCLOSURE_MAX_SHARE_PERCENT },
      footer: {
        addressLines: e.FOOTER_ADDRESS ? e.FOOTER_ADDRESS.split('|').map((l) => l.trim()) : d.addressLines,
        phone: e.FOOTER_PHONE ?? d.phone,
        contactLabel: d.contactLabel,
        contactUrl: e.FOOTER_CONTACT_URL ?? d.contactUrl,
        mapsUrl: e.FOOTER_MAPS_URL ?? d.mapsUrl,
        hoursUrl: e.FOOTER_HOURS_URL ?? d.hoursUrl,
        termsUrl: e.FOOTER_TERMS_URL ?? d.termsUrl,
        accessibilityUrl: e.FOOTER_ACCESSIBILITY_URL ?? d.accessibilityUrl,
        emergencyUrl: e.FOOTER_EMERGENCY_URL ?? d.emergencyUrl,
        feedbackUrl: e.FOOTER_FEEDBACK_URL ?? d.feedbackUrl,
        copyright: e.FOOTER_COPYRIGHT ?? d.copyright,
      },
    },
  };
}

/** Whether a URL names this machine: localhost or a loopback address. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
