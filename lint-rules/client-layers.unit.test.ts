import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The client layers as the repository's own lint configuration enforces them (decision 004): each case lints one
 * made-up file at a path in src/client and reads which layer rule, if any, it broke.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layerProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'local/client-layers').map((m) => m.message);
}

describe('client layers (lint)', () => {
  it.each([
    ['ui/ importing app/', 'src/client/ui/x.tsx', "import '../app/messages.ts';", 'ui/ is the bottom of the client'],
    ['ui/ importing a feature', 'src/client/ui/x.ts', "import '../features/session/index.ts';", 'never imports features/'],
    ['lib/ importing app/', 'src/client/lib/x.ts', "export { APP_UI } from '../app/messages.ts';", 'lib/ is the bottom'],
    ['lib/ importing a feature', 'src/client/lib/x.ts', "export * from '../features/home/messages.ts';", 'lib/ is the bottom'],
    [
      'a feature importing app/',
      'src/client/features/home/pages/x.tsx',
      "import '../../../app/messages.ts';",
      'never imports app/',
    ],
    [
      'a feature importing another’s api/',
      'src/client/features/programs/pages/x.tsx',
      "import { useInstitutions } from '../../institutions/api/get-institutions.ts';",
      'only through features/institutions/index.ts',
    ],
    [
      'a feature importing another’s lib/ from its top folder',
      'src/client/features/records/x.ts',
      "import '../users/lib/user-list.ts';",
      'only through features/users/index.ts',
    ],
    [
      'a feature loading another’s page',
      'src/client/features/home/pages/x.tsx',
      "const page = () => import('../../records/pages/record-page.tsx'); void page;",
      'only through features/records/index.ts',
    ],
  ])('refuses %s', async (_what, file, code, message) => {
    const problems = await layerProblems(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it.each([
    [
      'a feature using another through its index.ts',
      'src/client/features/records/pages/x.tsx',
      "import '../../session/index.ts';",
    ],
    ['a feature using its own parts', 'src/client/features/records/pages/x.tsx', "import '../lib/record-form.ts';"],
    ['a feature using ui/, lib/ and shared', 'src/client/features/users/lib/x.ts', "import '../../../ui/common-words.ts';"],
    ['lib/ using ui/ words', 'src/client/lib/x.ts', "import '../ui/common-words.ts';"],
    [
      'app/ loading a feature’s page',
      'src/client/app/x.ts',
      "const page = () => import('../features/home/pages/home-page.tsx'); void page;",
    ],
    ['app/ using a feature’s index.ts', 'src/client/app/layout/x.tsx', "import '../../features/session/index.ts';"],
  ])('allows %s', async (_what, file, code) => {
    expect(await layerProblems(file, code)).toEqual([]);
  });
});
