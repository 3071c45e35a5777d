import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from './scripts/precompress.ts';
import { SITE_CONFIG_ELEMENT_ID, SITE_DEFAULTS, type SiteConfig } from './src/shared/schemas/site.ts';

/** The placeholder in index.html that the server (or, in development, the plugin below) replaces with the site settings. */
const SITE_CONFIG_PLACEHOLDER = '<!--site-config-->';
const API_TARGET = 'http://127.0.0.1:3000';

/** A JSON data block that is safe inside HTML: `<` is escaped so no value can close the script element. */
function siteConfigBlock(config: SiteConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/** Development only: the Vite dev server stands in for the API server and writes the site settings itself. */
function devSiteConfig(): Plugin {
  return {
    name: 'bc-wil:dev-site-config',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace(
        SITE_CONFIG_PLACEHOLDER,
        siteConfigBlock({ ...SITE_DEFAULTS, isDevelopment: true, singleSignOn: false }),
      );
    },
  };
}

/** Writes `build.json` beside index.html so a running page can tell that a newer build has been deployed. */
function buildManifest(buildId: string): Plugin {
  return {
    name: 'bc-wil:build-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ buildId })}\n` });
    },
  };
}

/** Brotli and gzip copies of the built files, which the server sends as they are (scripts/precompress.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bc-wil:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const written = precompressDir(outDir);
      this.info(`precompressed ${written.length} files (.br, .gz)`);
    },
  };
}

export default defineConfig(({ command, mode }) => {
  const buildId =
    command === 'serve' ? 'dev' : `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;
  return {
    root: '.',
    publicDir: 'public',
    plugins: [react(), devSiteConfig(), buildManifest(buildId), precompress()],
    define: {
      __BUILD_ID__: JSON.stringify(buildId),
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      manifest: true,
      // Not in a production build: a map hands out the client's whole source. `vite build --mode development` keeps
      // them for debugging a build; the dev server (`npm run dev`) has its own, in memory.
      sourcemap: mode === 'development',
      target: 'es2022',
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Zod and the switch that keeps it from probing for eval (src/client/lib/zod-jitless.ts) in one chunk,
              // the switch after zod: every chunk that builds a schema imports this one first, so the switch is
              // set before any schema exists, wherever the bundler puts the schemas.
              { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]client[\\/]lib[\\/]zod-jitless\.ts$/, priority: 10 },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      strictPort: true,
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: false },
        '/global': { target: API_TARGET, changeOrigin: false },
      },
    },
    preview: {
      port: 4173,
    },
  };
});
