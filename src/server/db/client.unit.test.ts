import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

describe('PGlite data directory lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wil-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener, naming the process that holds the directory, and frees it on close', async () => {
    const first = await openPglite({ dataDir: dir });
    await expect(openPglite({ dataDir: dir })).rejects.toThrow(`already open in process ${process.pid}`);
    await first.close();
    const again = await openPglite({ dataDir: dir });
    await again.close();
  });

  it('replaces a stale lock left by a process that has gone', async () => {
    writeFileSync(join(dir, 'app.lock'), '999999999');
    const db = await openPglite({ dataDir: dir });
    await db.close();
  });
});
