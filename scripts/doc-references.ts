import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * References to documents in comments and docs, checked against the repository (docs/product.md, top): a citation is
 * only useful if a clone holds what it cites. Read by `doc-references.unit.test.ts`, which fails naming file:line.
 *
 * What counts as a reference, and what it must point to:
 * - `docs/….md` and a Markdown link to a file (`[x](reporting-cycle.md)`): the file exists;
 * - `docs/product.md §N` or `§N.M`: a numbered heading of docs/product.md; a `§` further on the same line, or at the
 *   start of the next one, belongs to the last document named before it (`§5 and §8`);
 * - `decision NNN`, `decisions NNN and MMM`, `decisions/NNN`: a file `docs/decisions/NNN-….md`;
 * - the documents that stayed outside the repository (the product brief, the team's house rules, the original
 *   requirements by section) never count as found;
 * - a `§` with no document named before it is ambiguous; issues and RFCs keep their own sections.
 */

/** What the repository holds that references can point to. */
export interface KnownDocs {
  /** Does this path, relative to the repository root with `/` separators, exist? */
  exists(path: string): boolean;
  /** The numbers of docs/product.md's headings: `4`, `4.3`. */
  productSections: ReadonlySet<string>;
  /** The decisions' three-digit numbers. */
  decisions: ReadonlySet<string>;
}

export interface DocProblem {
  file: string;
  line: number;
  problem: string;
}

export const PRODUCT_DOC = 'docs/product.md';
const DECISIONS_DIR = 'docs/decisions';

/** Outside the repository, whatever follows them. Spelt in pieces so this file does not cite them itself. */
const OUTSIDE = [
  { pattern: new RegExp(['PRODUCT', 'md'].join('\\.')), name: 'the product brief', instead: `${PRODUCT_DOC} §N` },
  { pattern: new RegExp(['ARCHITECTURE', 'md'].join('\\.')), name: 'the house rules', instead: 'docs/architecture.md' },
  { pattern: /\brequirements?['’]?\s*§/i, name: 'the original requirements', instead: `${PRODUCT_DOC} §N` },
  { pattern: /\bspec(?:ification)?['’]?s?\s*§/i, name: 'the original requirements', instead: `${PRODUCT_DOC} §N` },
];

/** Names a `§` may belong to: the product page, or an issue or RFC, whose sections live elsewhere. */
const SECTION_OWNER = /docs\/product\.md|\bissues?\s+\d+|\bRFC\s*\d+/gi;
const SECTION = /§\s?(\d+(?:\.\d+)*)/g;
const DOC_PATH = /(?<![\w/.-])docs\/[\w./-]+?\.md\b/g;
const DECISION_NUMBERS = /\bdecisions?\s+(\d{3}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)\d{3})*)\b/gi;
const DECISION_PATH = /\bdecisions\/(\d{3})\b/g;
const MARKDOWN_LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

/** The sections `text` (docs/product.md) has: every heading that starts with a number. */
export function sectionsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (m) found.add(m[1]!);
  }
  return found;
}

/** Whom the `§` at `index` of `line` belongs to: the last owner named before it, on this line or the one above. */
function ownerOf(line: string, index: number, lineAbove: string, file: string): string | null {
  const owners = [...line.slice(0, index).matchAll(SECTION_OWNER)];
  if (owners.length > 0) return owners.at(-1)![0];
  const above = [...lineAbove.matchAll(SECTION_OWNER)];
  if (above.length > 0 && !/§\s?\d/.test(lineAbove.slice(above.at(-1)!.index))) return above.at(-1)![0];
  return file === PRODUCT_DOC ? PRODUCT_DOC : null;
}

function sectionProblems(line: string, lineAbove: string, file: string, known: KnownDocs): string[] {
  const problems: string[] = [];
  for (const m of line.matchAll(SECTION)) {
    const owner = ownerOf(line, m.index, lineAbove, file);
    if (owner === null) {
      if (!OUTSIDE.some((o) => o.pattern.test(line))) {
        problems.push(`§${m[1]} names no document: write ${PRODUCT_DOC} §${m[1]} (or the issue's number)`);
      }
    } else if (owner === PRODUCT_DOC && !known.productSections.has(m[1]!)) {
      problems.push(`${PRODUCT_DOC} has no section ${m[1]}`);
    }
  }
  return problems;
}

function fileProblems(line: string, file: string, known: KnownDocs): string[] {
  const problems: string[] = [];
  for (const m of line.matchAll(DOC_PATH)) {
    if (!m[0].includes('*') && !known.exists(m[0])) problems.push(`${m[0]} does not exist`);
  }
  if (file.endsWith('.md')) {
    for (const m of line.matchAll(MARKDOWN_LINK)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      const path = posix.normalize(posix.join(posix.dirname(file), target)).replace(/\/$/, '');
      if (!known.exists(path)) problems.push(`the link to ${target} leads nowhere (${path} does not exist)`);
    }
  }
  return problems;
}

function decisionProblems(line: string, known: KnownDocs): string[] {
  const numbers = [
    ...[...line.matchAll(DECISION_NUMBERS)].flatMap((m) => m[1]!.match(/\d{3}/g)!),
    ...[...line.matchAll(DECISION_PATH)].map((m) => m[1]!),
  ];
  return [...new Set(numbers)].filter((n) => !known.decisions.has(n)).map((n) => `decision ${n} is not in ${DECISIONS_DIR}/`);
}

/** Every reference in one file's text that points outside the repository or at nothing in it. */
export function referenceProblems(file: string, text: string, known: KnownDocs): DocProblem[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    const outside = OUTSIDE.filter((o) => o.pattern.test(line)).map(
      (o) => `cites ${o.name}, which the repository does not hold: cite ${o.instead}`,
    );
    const problems = [
      ...new Set([
        ...outside,
        ...sectionProblems(line, lines[i - 1] ?? '', file, known),
        ...fileProblems(line, file, known),
        ...decisionProblems(line, known),
      ]),
    ];
    return problems.map((problem) => ({ file, line: i + 1, problem }));
  });
}

/** Where references are looked for: the code, its tests, its scripts and its documents. */
const SCANNED_DIRS = ['src', 'scripts', 'e2e', 'resilience', 'lint-rules', 'docs', 'drizzle', '.ci'];
const SCANNED_FILE = /(\.(ts|tsx|js|mjs|cjs|md|sql|sh|css|html|yml|yaml)|^run)$/;
/** This checker and its test spell out bad references on purpose. */
const NOT_SCANNED = new Set(['scripts/doc-references.ts', 'scripts/doc-references.unit.test.ts']);

function filesUnder(root: string, dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(root, path);
    return SCANNED_FILE.test(entry.name) ? [path] : [];
  });
}

/** The files of the repository at `root` that may cite documents, as paths relative to it. */
export function scannedFiles(root: string): string[] {
  const topLevel = readdirSync(root).filter((name) => SCANNED_FILE.test(name) && statSync(join(root, name)).isFile());
  return [...topLevel, ...SCANNED_DIRS.flatMap((dir) => filesUnder(root, dir))].filter((f) => !NOT_SCANNED.has(f)).sort();
}

/** What the repository at `root` holds for references to point to. */
export function knownDocs(root: string): KnownDocs {
  const product = join(root, PRODUCT_DOC);
  return {
    exists: (path) => existsSync(join(root, ...path.split('/'))),
    productSections: existsSync(product) ? sectionsOf(readFileSync(product, 'utf8')) : new Set(),
    decisions: new Set(
      readdirSync(join(root, DECISIONS_DIR))
        .map((name) => /^(\d{3})-.*\.md$/.exec(name)?.[1])
        .filter((n): n is string => n !== undefined),
    ),
  };
}

/** Every dangling reference in the repository at `root`. */
export function danglingReferences(root: string): DocProblem[] {
  const known = knownDocs(root);
  return scannedFiles(root).flatMap((file) => referenceProblems(file, readFileSync(join(root, file), 'utf8'), known));
}

/** `file:line: problem`, as an editor jumps to it. */
export const describeProblem = (p: DocProblem): string => `${p.file}:${p.line}: ${p.problem}`;

/** The repository this file belongs to. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
