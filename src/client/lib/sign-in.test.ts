import { describe, expect, it } from 'vitest';
import { directSignInUrl, safeReturnPath, signInUrl } from './sign-in.ts';

describe('safeReturnPath', () => {
  it.each(['/', '/records', '/records/find/findResults?terms=Fall&page=2', '/reports/params?type=region#top'])(
    'keeps %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    null,
    undefined,
    '',
    'records',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/records\u0000',
    '/login',
    '/Login/',
    '/login?returnPath=/login',
  ])('refuses %j', (path) => {
    expect(safeReturnPath(path)).toBe('/');
  });
});

describe('sign-in addresses', () => {
  it('start single sign-on with the return path', () => {
    expect(signInUrl('/records?page=2')).toBe('/api/login?returnPath=%2Frecords%3Fpage%3D2');
    expect(signInUrl('//evil.example')).toBe('/api/login?returnPath=%2F');
  });

  it('open the direct sign-in page with the return path', () => {
    expect(directSignInUrl('/')).toBe('/login');
    expect(directSignInUrl('/admin')).toBe('/login?returnPath=%2Fadmin');
    expect(directSignInUrl('/login')).toBe('/login');
  });
});
