import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; images other than SVG, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/i;
/** Smaller files gain nothing worth a second request path (the server's own threshold, compression.ts). */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of a client build, for @fastify/static's
 * `preCompressed` (client-app.ts): each file is compressed once, at the highest levels, instead of on every request.
 * HTML is left out: the server fills the site settings into the app shell at run time (two kilobytes, sent as it is).
 * A variant that would not be smaller is not written, so the plain file is sent instead. Returns the files written.
 */
export function precompressDir(dir: string): string[] {
  const written: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    // Dot folders (Vite's own .vite/manifest.json) are never served.
    if (!COMPRESSIBLE.test(entry) || entry.split(/[\\/]/).some((part) => part.startsWith('.'))) continue;
    if (!statSync(path).isFile()) continue;
    const plain = readFileSync(path);
    if (plain.length < MIN_BYTES) continue;
    const variants: [string, Buffer][] = [
      [
        'br',
        brotliCompressSync(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
      ],
      ['gz', gzipSync(plain, { level: constants.Z_BEST_COMPRESSION })],
    ];
    for (const [ext, packed] of variants) {
      if (packed.length >= plain.length) continue;
      writeFileSync(`${path}.${ext}`, packed);
      written.push(`${entry}.${ext}`);
    }
  }
  return written;
}
