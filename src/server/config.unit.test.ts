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

  it('takes the disclosure rule (defaults 3 institutions, 85 %) and hands it to the page', () => {
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
