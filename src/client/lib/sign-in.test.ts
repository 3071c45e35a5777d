import { describe, expect, it } from 'vitest';
import { directSignInUrl, signInUrl } from './sign-in.ts';

describe('sign-in addresses', () => {
  it('start single sign-on with the return path', () => {
    expect(signInUrl('/records?page=2')).toBe('/api/login?returnPath=%2Frecords%3Fpage%3D2');
    expect(signInUrl('//evil.example')).toBe('/api/login?returnPath=%2F');
    expect(signInUrl('/..//127.0.0.2:41801/pwned')).toBe('/api/login?returnPath=%2F');
  });

  it('open the direct sign-in page with the return path', () => {
    expect(directSignInUrl('/')).toBe('/login');
    expect(directSignInUrl('/admin')).toBe('/login?returnPath=%2Fadmin');
    expect(directSignInUrl('/login')).toBe('/login');
    expect(directSignInUrl('/..//127.0.0.2:41801/pwned')).toBe('/login');
  });
});
