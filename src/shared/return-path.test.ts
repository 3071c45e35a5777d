import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './link-url.ts';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath, sameOriginPath } from './return-path.ts';

const SITE = 'https://wil.example.ca';
/** The same path resolved from a page deep in the site, as the browser would from wherever the person is. */
const DEEP_PAGE = `${SITE}/records/find/findResults?terms=Fall`;

/** What every accepted path must be: on this origin from any page, one leading slash, and already in resolved form. */
function isSafePath(p: string): boolean {
  if (!p.startsWith('/') || p.startsWith('//') || p.startsWith('/\\')) return false;
  for (const base of [SITE, DEEP_PAGE]) {
    const url = new URL(p, base);
    if (url.origin !== SITE) return false;
    if (`${url.pathname}${url.search}${url.hash}` !== p) return false;
  }
  return true;
}

/** Pieces that attacks on return paths are made of. */
const ATTACK_PIECES = [
  '/',
  '\\',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '..',
  '.',
  '%2e',
  '%2E',
  '%252f',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u007f',
  '\u0085',
  ' ',
  '@',
  ':',
  '?',
  '#',
  '127.0.0.2:41801',
  'evil.example',
  'https:',
  'javascript:',
  'login',
  'api',
  '\uff0f',
  '\u3002',
  'records',
];
const attackString = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...ATTACK_PIECES), { maxLength: 14 }))
  .map(([leadingSlash, pieces]) => `${leadingSlash ? '/' : ''}${pieces.join('')}`);

describe('sameOriginPath: only a path on this origin, in its resolved form', () => {
  it('holds for any string: null, or a safe path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        const p = sameOriginPath(s);
        return p === null || isSafePath(p);
      }),
      { numRuns: 5000 },
    );
  });

  it('holds for strings built from the pieces of known attacks', () => {
    fc.assert(
      fc.property(attackString, (s) => {
        const p = sameOriginPath(s);
        return p === null || isSafePath(p);
      }),
      { numRuns: 20000 },
    );
  });

  it('keeps ordinary paths of the app exactly as given', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    const query = fc.stringMatching(/^[A-Za-z0-9]{1,8}=[A-Za-z0-9%,]{0,8}$/).filter((q) => !/%(?![0-9A-F]{2})/i.test(q));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.array(query, { maxLength: 3 }), (segments, queries) => {
        const path = `/${segments.join('/')}${queries.length ? `?${queries.join('&')}` : ''}`;
        expect(sameOriginPath(path)).toBe(path);
      }),
    );
  });

  it.each([
    '/..//127.0.0.2:41801/pwned',
    '/../\\127.0.0.2',
    '/.//evil.example',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E./\\evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\u0000/evil.example',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example',
    '/%252F%252Fevil.example',
    '/records/../admin',
    '/records/.',
    'https://evil.example/',
    'javascript:alert(1)',
    'records',
    ' /records',
    '/records ',
    '/records?programName=a b',
    '/café',
    '/records\u0085',
    '',
    'x'.repeat(RETURN_PATH_MAX_LENGTH + 1),
    null,
    undefined,
    42,
    ['/records'],
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it.each([
    ['/', '/'],
    ['/records?page=2#top', '/records?page=2#top'],
    ['/records/find/findResults?programName=Arts%2FScience', '/records/find/findResults?programName=Arts%2FScience'],
    ['/records?programName=café', '/records?programName=caf%C3%A9'],
    ['/records?', '/records'],
    ['/@evil.example', '/@evil.example'],
  ])('accepts %j as %j', (value, expected) => {
    expect(sameOriginPath(value)).toBe(expected);
  });
});

describe('safeReturnPath: where sign-in returns', () => {
  it('holds for any string: the fallback, or a safe path', () => {
    fc.assert(
      fc.property(fc.oneof(attackString, fc.string({ unit: 'binary', maxLength: 60 })), (s) => {
        const p = safeReturnPath(s);
        return p === '/' || isSafePath(p);
      }),
      { numRuns: 10000 },
    );
  });

  it('returns to pages of the app', () => {
    expect(safeReturnPath('/records?page=2')).toBe('/records?page=2');
    expect(safeReturnPath('/reports/params?type=region#top')).toBe('/reports/params?type=region#top');
    expect(safeReturnPath('/loginhelp')).toBe('/loginhelp');
    expect(safeReturnPath('/apis')).toBe('/apis');
  });

  it.each(['/login', '/Login/', '/login?returnPath=/login', '/api/logout', '/API/login?returnPath=/', '/api'])(
    'does not return to the sign-in page or the API (%s)',
    (path) => {
      expect(safeReturnPath(path)).toBe('/');
    },
  );

  it('gives the fallback asked for', () => {
    expect(safeReturnPath('//evil.example', '/records')).toBe('/records');
  });
});

describe('safeLinkUrl: a link from stored data', () => {
  it.each([
    ['https://status.example.ca/', 'https://status.example.ca/'],
    ['https://www.uvic.ca/news?x=1#y', 'https://www.uvic.ca/news?x=1#y'],
    ['/reports', '/reports'],
    ['/api/docs', '/api/docs'],
  ])('keeps %j', (value, expected) => {
    expect(safeLinkUrl(value)).toBe(expected);
  });

  it.each([
    '/\\evil.example',
    '//evil.example',
    '/..//evil.example',
    'http://status.example.ca/',
    'javascript:alert(1)',
    'data:text/html,x',
    'https://wil.example.ca@evil.example/',
    'https://\tevil.example/',
    ' https://evil.example/',
    'https:\\\\evil.example',
    'https:',
    'not a url',
    '',
    undefined,
  ])('drops %j', (value) => {
    expect(safeLinkUrl(value)).toBeNull();
  });

  it('holds for any string: null, an https address without credentials, or a safe path', () => {
    fc.assert(
      fc.property(fc.oneof(attackString, fc.string({ unit: 'binary', maxLength: 60 })), (s) => {
        const link = safeLinkUrl(s);
        if (link === null) return true;
        if (link.startsWith('/')) return isSafePath(link);
        const url = new URL(link);
        return url.protocol === 'https:' && url.username === '' && url.password === '' && url.href === link;
      }),
      { numRuns: 5000 },
    );
  });
});
