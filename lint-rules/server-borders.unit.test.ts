import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { allowedParts, BASE_BORDERS, MODULE_BORDERS } from './server-borders.js';

/**
 * The server's borders as the repository's own lint configuration enforces them (decision 039): each case lints one
 * made-up file at a path in src/server and reads which border, if any, it crossed.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function borderProblems(filePath: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${importPath}';\nexport const y = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'local/server-borders').map((m) => m.message);
}

describe('server borders (lint)', () => {
  it.each([
    ['records reaching up to returns', 'src/server/modules/records/x.ts', '../returns/return-lock.ts'],
    ['institutions reaching up to returns', 'src/server/modules/institutions/x.ts', '../returns/periods.repo.ts'],
    ['audit reaching up to users', 'src/server/modules/audit/x.ts', '../users/users.repo.ts'],
    ['mail reaching up to the settings', 'src/server/mail/x.ts', '../config.ts'],
    ['db reaching up to the session', 'src/server/db/x.ts', '../session/session-user.ts'],
    ['a plugin reaching a module', 'src/server/plugins/x.ts', '../modules/users/users.repo.ts'],
    ['a module reaching the seed', 'src/server/modules/records/x.ts', '../../seed/demo.ts'],
    ['a module reaching app.ts', 'src/server/modules/header/x.ts', '../../app.ts'],
  ])('refuses %s', async (_what, file, target) => {
    const problems = await borderProblems(file, target);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('does not declare it (decision 039)');
  });

  it.each([
    ['returns using records', 'src/server/modules/returns/x.ts', '../records/record-store.ts'],
    ['records asking through their port', 'src/server/modules/records/x.ts', './record-write-guard.ts'],
    ['a module using the layers below', 'src/server/modules/users/x.ts', '../../plugins/authorization.ts'],
    ['the settings using mail', 'src/server/config.ts', './mail/mail-address.ts'],
    ['app.ts providing a port', 'src/server/app.ts', './modules/returns/return-lock.ts'],
    ['a test reaching anywhere', 'src/server/modules/records/x.test.ts', '../returns/return-lock.ts'],
  ])('allows %s', async (_what, file, target) => {
    expect(await borderProblems(file, target)).toEqual([]);
  });

  it('refuses a part of the server it does not know, until it is declared', async () => {
    const [result] = await eslint.lintText('export const y = 1;\n', { filePath: 'src/server/modules/newthing/x.ts' });
    expect(result!.messages.map((m) => m.message)).toEqual([expect.stringContaining('does not list: declare what it may use')]);
  });

  it('declares every module and every part that is there, and only parts that are there', () => {
    const server = path.resolve('src/server');
    const modules = fs.readdirSync(path.join(server, 'modules')).sort();
    expect(Object.keys(MODULE_BORDERS).sort()).toEqual(modules);
    for (const part of fs.readdirSync(server).filter((name) => name !== 'modules' && !name.endsWith('.test.ts'))) {
      expect(allowedParts(part), part).not.toBeUndefined();
    }
    const declared = [...Object.values(MODULE_BORDERS).flat(), ...Object.values(BASE_BORDERS).flat()];
    for (const part of declared) {
      const [top] = part.split('/');
      expect(fs.existsSync(path.join(server, part in MODULE_BORDERS ? `modules/${part}` : top!)), part).toBe(true);
    }
  });

  it('declares borders that go one way: no module reaches, through others, one that reaches it', () => {
    const reaches = (from: string, seen = new Set<string>()): Set<string> => {
      for (const to of MODULE_BORDERS[from]!) {
        if (!seen.has(to)) {
          seen.add(to);
          reaches(to, seen);
        }
      }
      return seen;
    };
    for (const module of Object.keys(MODULE_BORDERS)) expect(reaches(module).has(module), module).toBe(false);
    const below = (from: string, seen = new Set<string>()): Set<string> => {
      for (const to of BASE_BORDERS[from]!) {
        if (!seen.has(to)) {
          seen.add(to);
          below(to, seen);
        }
      }
      return seen;
    };
    for (const part of Object.keys(BASE_BORDERS)) expect(below(part).has(part), part).toBe(false);
  });
});
