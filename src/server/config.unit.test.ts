import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.join('\n');
    throw err;
  }
  return '';
};

describe('settings', () => {
  it('starts in development with nothing set but APP_ENV=D', () => {
    const config = loadConfig({ APP_ENV: 'D' });
    expect(config).toMatchObject({
      isDevelopment: true,
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      databaseAnswerMs: 60_000,
      oidc: undefined,
      secureCookies: false,
    });
  });

  it('refuses to start outside development without single sign-on, naming each missing setting', () => {
    const text = problems({});
    expect(text).toContain('OIDC_ISSUER is missing');
    expect(text).toContain('OIDC_CLIENT_ID is missing');
    expect(text).toContain('PUBLIC_URL is missing');
    expect(text).toContain('COOKIE_SECRET is missing');
  });

  it('names a bad value', () => {
    expect(problems({ APP_ENV: 'D', PORT: 'eighty' })).toBe('PORT: must be a port number from 0 to 65535');
    expect(problems({ APP_ENV: 'D', DATABASE_URL: 'mysql://x' })).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems({ APP_ENV: 'D', OIDC_ISSUER: 'not a url' })).toMatch(/OIDC_ISSUER/);
    expect(problems({ APP_ENV: 'D', DATABASE_ANSWER_SECONDS: 'soon' })).toBe(
      'DATABASE_ANSWER_SECONDS: must be a number of seconds',
    );
    expect(loadConfig({ APP_ENV: 'D', DATABASE_ANSWER_SECONDS: '5' }).databaseAnswerMs).toBe(5000);
  });

  it('takes the disclosure rule (defaults 3 institutions, 85%) and hands it to the page', () => {
    expect(loadConfig({ APP_ENV: 'D' }).disclosure).toEqual({ minInstitutions: 3, maxSharePercent: 85 });
    const config = loadConfig({ APP_ENV: 'D', DISCLOSURE_MIN_INSTITUTIONS: '5', DISCLOSURE_MAX_SHARE_PERCENT: '70' });
    expect(config.disclosure).toEqual({ minInstitutions: 5, maxSharePercent: 70 });
    expect(config.site.disclosure).toEqual(config.disclosure);
    expect(problems({ APP_ENV: 'D', DISCLOSURE_MIN_INSTITUTIONS: '0' })).toMatch(/^DISCLOSURE_MIN_INSTITUTIONS/);
    expect(problems({ APP_ENV: 'D', DISCLOSURE_MIN_INSTITUTIONS: '2.5' })).toBe(
      'DISCLOSURE_MIN_INSTITUTIONS: must be a whole number of institutions',
    );
    expect(problems({ APP_ENV: 'D', DISCLOSURE_MAX_SHARE_PERCENT: '101' })).toBe(
      'DISCLOSURE_MAX_SHARE_PERCENT: must be from 50 to 100',
    );
  });

  it('starts in production with single sign-on configured, with secure cookies', () => {
    const config = loadConfig({
      APP_ENV: 'P',
      OIDC_ISSUER: 'https://sso.example.ca',
      OIDC_CLIENT_ID: 'wil',
      PUBLIC_URL: 'https://wil.example.ca/',
      COOKIE_SECRET: 'x'.repeat(32),
    });
    expect(config).toMatchObject({
      isDevelopment: false,
      secureCookies: true,
      publicUrl: 'https://wil.example.ca',
      host: '0.0.0.0',
    });
    expect(config.oidc?.claims.username).toBe('preferred_username');
    expect(config.site).toMatchObject({ isDevelopment: false, singleSignOn: true });
  });

  it('takes footer settings from the environment', () => {
    const config = loadConfig({ APP_ENV: 'D', FOOTER_ADDRESS: 'A | B', FOOTER_PHONE: '250-555-0100' });
    expect(config.site.footer).toMatchObject({ addressLines: ['A', 'B'], phone: '250-555-0100', contactLabel: 'Contacts' });
  });

  it.each(['D ', ' D', '\tD', 'D\n'])('starts development only for exactly "D", not %j', (appEnv) => {
    const text = problems({ APP_ENV: appEnv });
    expect(text).toContain('only exactly "D" starts development');
    // And it is not development in any case: outside it, single sign-on is required.
    expect(text).toContain('OIDC_ISSUER is missing');
  });

  const PRODUCTION = {
    APP_ENV: 'P',
    OIDC_ISSUER: 'https://sso.example.ca',
    OIDC_CLIENT_ID: 'wil',
    PUBLIC_URL: 'https://WIL.example.ca:8443/',
    COOKIE_SECRET: 'x'.repeat(32),
  };

  it('answers to PUBLIC_URL’s host name, plus ALLOWED_HOSTS (comma-separated, normalised)', () => {
    expect(loadConfig(PRODUCTION).allowedHosts).toEqual(['wil.example.ca']);
    expect(loadConfig({ ...PRODUCTION, ALLOWED_HOSTS: ' App-1 , 10.0.0.5,[::1],,wil.example.ca' }).allowedHosts).toEqual([
      'wil.example.ca',
      'app-1',
      '10.0.0.5',
      '[::1]',
    ]);
    expect(loadConfig({ APP_ENV: 'D' }).allowedHosts).toEqual([]);
  });

  it.each([
    ['wil.example.ca:443', 'has a port'],
    ['https://wil.example.ca', 'is not a host name'],
    ['*.example.ca', 'is not a host name'],
    ['wil.example.ca/path', 'is not a host name'],
  ])('refuses the ALLOWED_HOSTS entry %j, naming it', (entry, problem) => {
    expect(problems({ ...PRODUCTION, ALLOWED_HOSTS: `ok.example.ca, ${entry}` })).toContain(
      `ALLOWED_HOSTS: "${entry}" ${problem}`,
    );
  });
});

describe('DEMO_TODAY', () => {
  it('pins the demo’s day in development only, and must be a real date', () => {
    expect(loadConfig({ APP_ENV: 'D' }).demoToday).toBeUndefined();
    expect(loadConfig({ APP_ENV: 'D', DEMO_TODAY: '2025-12-15' }).demoToday).toBe('2025-12-15');
    expect(problems({ APP_ENV: 'D', DEMO_TODAY: '2025-02-30' })).toContain('DEMO_TODAY: must be a calendar date');
    expect(
      problems({
        APP_ENV: 'P',
        OIDC_ISSUER: 'https://sso.example.ca',
        OIDC_CLIENT_ID: 'wil',
        PUBLIC_URL: 'https://wil.example.ca',
        COOKIE_SECRET: 'x'.repeat(32),
        DEMO_TODAY: '2025-12-15',
      }),
    ).toContain('DEMO_TODAY is set');
  });
});

describe('OIDC_ALLOW_INSECURE', () => {
  it('lets sign-on use a plain-http provider on this machine only', () => {
    const production = {
      APP_ENV: 'P',
      OIDC_CLIENT_ID: 'wil',
      PUBLIC_URL: 'https://wil.example.ca',
      COOKIE_SECRET: 'x'.repeat(32),
      OIDC_ALLOW_INSECURE: 'true',
    };
    for (const issuer of ['http://127.0.0.1:4010/realm', 'http://localhost:4010', 'http://[::1]:4010'])
      expect(loadConfig({ ...production, OIDC_ISSUER: issuer }).oidc?.allowInsecure).toBe(true);
    for (const issuer of ['http://sso.example.ca', 'https://sso.example.ca', 'http://127.0.0.1.example.ca'])
      expect(problems({ ...production, OIDC_ISSUER: issuer })).toContain('OIDC_ALLOW_INSECURE is true');
  });
});

describe('reminder mail settings (SMTP_URL, MAIL_FROM)', () => {
  const MAIL = {
    APP_ENV: 'D',
    SMTP_URL: 'smtps://wil:secret@mail.example.ca:465',
    MAIL_FROM: 'wil@example.ca',
    PUBLIC_URL: 'https://wil.example.ca',
  };

  it('is off without them: no mail settings, and the page is told reminders are off', () => {
    const config = loadConfig({ APP_ENV: 'D' });
    expect(config.mail).toBeUndefined();
    expect(config.site.reminders).toBe(false);
  });

  it('is on with both, smtp:// or smtps://, and the page is told so', () => {
    const config = loadConfig(MAIL);
    expect(config.mail).toEqual({ smtpUrl: MAIL.SMTP_URL, from: 'wil@example.ca' });
    expect(config.site.reminders).toBe(true);
    expect(loadConfig({ ...MAIL, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: ' wil@example.ca ' }).mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'wil@example.ca',
    });
  });

  it.each([
    'http://mail.example.ca',
    'mail.example.ca:25',
    'smtp://',
    'smtp:///x',
    'smtp://mail example.ca',
    'ftp://mail.example.ca',
  ])('refuses SMTP_URL %j, without echoing it', (url) => {
    const text = problems({ ...MAIL, SMTP_URL: url });
    expect(text).toBe('SMTP_URL: must be an smtp:// or smtps:// URL with a host, like smtps://user:password@mail.example.ca:465');
  });

  it('never echoes the password of a bad SMTP_URL', () => {
    expect(problems({ ...MAIL, SMTP_URL: 'https://wil:hunter22@mail.example.ca' })).not.toContain('hunter22');
  });

  it('wants both or neither, and PUBLIC_URL for the links', () => {
    expect(problems({ APP_ENV: 'D', SMTP_URL: MAIL.SMTP_URL, PUBLIC_URL: MAIL.PUBLIC_URL })).toBe(
      'MAIL_FROM is missing: SMTP_URL is set, and reminder mails need a sender address like wil@example.ca',
    );
    expect(problems({ APP_ENV: 'D', MAIL_FROM: MAIL.MAIL_FROM })).toBe(
      'SMTP_URL is missing: MAIL_FROM is set, but reminder mails need a mail server to go through',
    );
    expect(problems({ APP_ENV: 'D', SMTP_URL: MAIL.SMTP_URL, MAIL_FROM: MAIL.MAIL_FROM })).toBe(
      'PUBLIC_URL is missing: reminder mails link to the returns through it (SMTP_URL is set)',
    );
  });

  it.each([
    ['wil@example.ca\r\nBcc: victim@example.org', 'MAIL_FROM: must be one address on one line (it has a line break)'],
    ['wil@example.ca\nBcc: victim@example.org', 'MAIL_FROM: must be one address on one line (it has a line break)'],
    ['WIL <wil@example.ca>', 'MAIL_FROM: must be a plain address like wil@example.ca, with no name or brackets'],
    ['wil@example.ca, other@example.org', 'MAIL_FROM: must be a plain address like wil@example.ca, with no name or brackets'],
    ['"a b"@example.ca', 'MAIL_FROM: must be a plain address like wil@example.ca, with no name or brackets'],
    ['wil', 'MAIL_FROM: must be a plain address like wil@example.ca, with no name or brackets'],
    ['wil@localhost', 'MAIL_FROM: must be a plain address like wil@example.ca, with no name or brackets'],
    [`${'a'.repeat(250)}@example.ca`, 'MAIL_FROM: must be at most 254 characters'],
  ])('refuses MAIL_FROM %j', (from, message) => {
    expect(problems({ ...MAIL, MAIL_FROM: from })).toBe(message);
  });
});
