import type { UserConfig, UserConfigFnObject } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config.ts';

/** The Vite settings for a command and mode, as `vite build` or `vite` would resolve them. */
const settingsFor = (command: 'build' | 'serve', mode: string): UserConfig =>
  (viteConfig as UserConfigFnObject)({ command, mode, isSsrBuild: false, isPreview: false });

describe('the client build', () => {
  it('writes no source maps in a production build (npm run build, vite build)', () => {
    expect(settingsFor('build', 'production').build?.sourcemap).toBe(false);
  });

  it('writes them for a development-mode build (vite build --mode development)', () => {
    expect(settingsFor('build', 'development').build?.sourcemap).toBe(true);
  });

  it('writes Brotli and gzip copies of the built files, for the server to send as they are (scripts/precompress.ts)', () => {
    const names = (settingsFor('build', 'production').plugins ?? []).flat().map((p) => (p && 'name' in p ? p.name : ''));
    expect(names).toContain('bc-wil:precompress');
  });
});
