import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Import cycles as the repository's own lint configuration refuses them (decision 039): each case lints a file of
 * src as if it held one more import, and reads the cycle reported, if any.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function cycleProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'local/import-cycles').map((m) => m.message);
}

describe('import cycles (lint)', () => {
  it('refuses a file that imports one that imports it back, naming the circle', async () => {
    // schemas/returns.ts imports reporting-cycle.ts.
    expect(await cycleProblems('src/shared/reporting-cycle.ts', "import './schemas/returns.ts';")).toEqual([
      expect.stringContaining('Import cycle: shared/reporting-cycle.ts → shared/schemas/returns.ts → shared/reporting-cycle.ts'),
    ]);
  });

  it('refuses a cycle through a longer chain', async () => {
    // return-matrix.ts → schemas/returns.ts → schemas/record.ts → … → record-rules.ts
    const problems = await cycleProblems('src/shared/record-rules.ts', "import './return-matrix.ts';");
    expect(problems).toEqual([
      expect.stringMatching(
        /^Import cycle: shared\/record-rules\.ts → shared\/return-matrix\.ts → .* → shared\/record-rules\.ts/,
      ),
    ]);
  });

  it('refuses two client features that reach each other, even through different files', async () => {
    // The programs feature's pages use the institutions feature's list.
    expect(await cycleProblems('src/client/features/institutions/components/x.tsx', "import '../../programs/index.ts';")).toEqual(
      [expect.stringContaining('Cycle between client/features/institutions and client/features/programs')],
    );
  });

  it('refuses two server modules that reach each other', async () => {
    // returns imports the record store.
    expect(await cycleProblems('src/server/modules/records/x.ts', "import '../returns/return-lock.ts';")).toEqual([
      expect.stringContaining('Cycle between server/modules/records and server/modules/returns'),
    ]);
  });

  it('allows imports one way, and leaves tests out', async () => {
    expect(await cycleProblems('src/client/features/programs/pages/x.tsx', "import '../../institutions/index.ts';")).toEqual([]);
    expect(await cycleProblems('src/server/modules/returns/x.ts', "import '../records/record-store.ts';")).toEqual([]);
    expect(await cycleProblems('src/shared/reporting-cycle.test.ts', "import './schemas/returns.ts';")).toEqual([]);
  });
});
