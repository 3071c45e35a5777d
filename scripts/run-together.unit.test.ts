import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runTogether } from './run-together.ts';

const node = (name: string, code: string) => ({ name, command: process.execPath, args: ['-e', code] });

/** A command that leaves `mine` and then waits for `theirs` (exit 9 after 20 s without it): two end only side by side. */
const meeting = (name: string, dir: string, mine: string, theirs: string, end: string) =>
  node(
    name,
    `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(join(dir, mine))}, '');
     const until = Date.now() + 20000;
     const wait = () => fs.existsSync(${JSON.stringify(join(dir, theirs))}) ? (${end}) : Date.now() > until ? process.exit(9) : setTimeout(wait, 20);
     wait();`,
  );

describe('runTogether', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs the commands side by side and keeps each one’s output and exit code, in the order given', async () => {
    dir = mkdtempSync(join(tmpdir(), 'run-together-'));
    const results = await runTogether([
      meeting('first', dir, 'a', 'b', 'console.log("first done"), console.error("to stderr")'),
      meeting('failing', dir, 'b', 'a', 'console.log("about to fail"), process.exit(3)'),
    ]);
    expect(results).toEqual([
      { name: 'first', code: 0, output: 'first done\nto stderr\n' },
      { name: 'failing', code: 3, output: 'about to fail\n' },
    ]);
  }, 60_000);

  it('answers a command that cannot start as failed', async () => {
    const [result] = await runTogether([{ name: 'missing', command: '/nonexistent/command', args: [] }]);
    expect(result!.code).toBe(1);
    expect(result!.output).toMatch(/ENOENT/);
  });
});
