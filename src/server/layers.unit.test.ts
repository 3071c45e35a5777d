import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layer rule lives in eslint.config.js (decision 004): plugins, the session user and db/ sit below the
 * feature modules and never import them. Linting a one-line file placed in each layer shows the rule is there.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${importPath}';\nexport const y = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server layers (eslint.config.js)', () => {
  it.each([
    ['src/server/plugins/example.ts', '../modules/users/users.repo.ts'],
    ['src/server/plugins/example.ts', '../modules/audit/audit.repo.ts'],
    ['src/server/db/example.ts', '../modules/records/records.repo.ts'],
    ['src/server/session/example.ts', '../modules/users/users.repo.ts'],
  ])('%s may not import %s', async (file, target) => {
    expect(await restrictedImports(file, target)).toEqual([expect.stringContaining('never import a feature module')]);
  });

  it('still keeps client code out of those layers', async () => {
    expect(await restrictedImports('src/server/plugins/example.ts', '../../client/lib/api.ts')).toHaveLength(1);
  });

  it.each([
    ['src/server/modules/users/example.ts', '../../plugins/authorization.ts'],
    ['src/server/modules/users/example.ts', '../../session/session-user.ts'],
    ['src/server/plugins/example.ts', '../session/session-user.ts'],
    ['src/server/session/example.ts', '../db/client.ts'],
  ])('%s may import %s (downwards)', async (file, target) => {
    expect(await restrictedImports(file, target)).toEqual([]);
  });

  it('keeps HTTP errors in the routes and plugins: a module below its routes answers refusals (decision 038)', async () => {
    expect(await restrictedImports('src/server/modules/imports/example.ts', '../../http-errors.ts')).toEqual([
      expect.stringContaining('Only routes (*.routes.ts) and plugins speak HTTP'),
    ]);
    expect(await restrictedImports('src/server/modules/imports/example.ts', '../../../client/lib/api.ts')).toHaveLength(1);
    expect(await restrictedImports('src/server/modules/imports/example.routes.ts', '../../http-errors.ts')).toEqual([]);
  });
});
