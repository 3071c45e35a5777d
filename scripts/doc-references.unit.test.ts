import { describe, expect, it } from 'vitest';
import {
  danglingReferences,
  describeProblem,
  knownDocs,
  referenceProblems,
  REPO_ROOT,
  scannedFiles,
  type KnownDocs,
} from './doc-references.ts';

describe('references to documents in this repository', () => {
  it('every one names a file, section or decision the repository holds', () => {
    expect(danglingReferences(REPO_ROOT).map(describeProblem)).toEqual([]);
  });

  it('reads the code, tests, scripts, docs and migrations, and docs/product.md has numbered sections', () => {
    const files = scannedFiles(REPO_ROOT);
    for (const file of [
      'README.md',
      'eslint.config.js',
      'docs/product.md',
      'docs/decisions/024-province-figures-from-releases.md',
      'src/shared/record-rules.ts',
      'src/client/app/theme.ts',
      'src/server/db/schema.ts',
      'e2e/fixtures.ts',
      'drizzle/0001_discipline_lookup.sql',
      '.ci/run',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.some((f) => f.includes('node_modules'))).toBe(false);
    const known = knownDocs(REPO_ROOT);
    expect([...known.productSections]).toEqual(expect.arrayContaining(['1', '4', '4.3', '11', '11.1']));
    expect(known.decisions.has('024')).toBe(true);
  });
});

/** A made-up repository: docs/product.md with sections 1, 2, 2.1; decision 004; and a few files. */
const KNOWN: KnownDocs = {
  exists: (path) => ['docs/product.md', 'docs/reporting-cycle.md', 'docs/decisions', 'README.md'].includes(path),
  productSections: new Set(['1', '2', '2.1']),
  decisions: new Set(['004']),
};
const problemsIn = (text: string, file = 'src/x.ts') => referenceProblems(file, text, KNOWN).map((p) => p.problem);
// Spelt in pieces, as in the checker, so this file cites nothing outside the repository itself.
const BRIEF = ['PRODUCT', 'md'].join('.');
const HOUSE_RULES = ['ARCHITECTURE', 'md'].join('.');

describe('the checker', () => {
  it.each([
    ['/** Records (docs/product.md §2.1). */'],
    ['// docs/product.md §1 and §2, see docs/reporting-cycle.md'],
    ['// (decision 004), decisions/004'],
    ['// toasts (issue 21 §8); SMTP (RFC 5321 §4.5.3.1.3)'],
    ['// the rules of docs/product.md §2. Nothing else'],
    ['// the paths of `docs/decisions/0NN-*.md`, and §N as a placeholder'],
  ])('accepts %s', (text) => {
    expect(problemsIn(text)).toEqual([]);
  });

  it.each([
    [`/** Roles (${BRIEF} §2). */`, [`cites the product brief, which the repository does not hold: cite docs/product.md §N`]],
    [`// (${HOUSE_RULES})`, ['cites the house rules, which the repository does not hold: cite docs/architecture.md']],
    [
      '// Requirements §9: the toast timeout',
      ['cites the original requirements, which the repository does not hold: cite docs/product.md §N'],
    ],
    ["// the requirements' §8", ['cites the original requirements, which the repository does not hold: cite docs/product.md §N']],
    ['// (docs/product.md §3)', ['docs/product.md has no section 3']],
    ['// docs/product.md §2.1 and §2.2', ['docs/product.md has no section 2.2']],
    ['// at the top (§2)', ["§2 names no document: write docs/product.md §2 (or the issue's number)"]],
    ['// see docs/no-such-page.md', ['docs/no-such-page.md does not exist']],
    ['// decisions 004 and 019', ['decision 019 is not in docs/decisions/']],
    ['// Decision 031; decisions/032', ['decision 031 is not in docs/decisions/', 'decision 032 is not in docs/decisions/']],
  ])('refuses %s', (text, expected) => {
    expect(problemsIn(text)).toEqual(expected);
  });

  it('gives a section at the start of a line to the document that ended the line above', () => {
    expect(problemsIn('/**\n * as in docs/product.md\n * §2.1: the screens\n */')).toEqual([]);
    expect(problemsIn('/**\n * as in docs/product.md\n * §7: the reports\n */')).toEqual(['docs/product.md has no section 7']);
  });

  it('reads bare sections inside docs/product.md as its own, and follows Markdown links from where the page is', () => {
    expect(problemsIn('See §2.1 and §5.', 'docs/product.md')).toEqual(['docs/product.md has no section 5']);
    expect(problemsIn('[cycle](reporting-cycle.md), [decisions](decisions/), [home](../README.md)', 'docs/x.md')).toEqual([]);
    expect(problemsIn('[gone](gone.md#part) and [site](https://example.org/a.md)', 'docs/x.md')).toEqual([
      'the link to gone.md leads nowhere (docs/gone.md does not exist)',
    ]);
  });

  it('names the file and line of each problem', () => {
    const found = referenceProblems('src/a.ts', 'fine\n// docs/product.md §9\n', KNOWN).map(describeProblem);
    expect(found).toEqual(['src/a.ts:2: docs/product.md has no section 9']);
  });
});
