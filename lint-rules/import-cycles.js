import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * No import cycles in src (decision 039), at two scales:
 * - between files: a file that imports, through any chain of imports (type-only ones too), a file that imports it;
 * - between units: a client feature (`client/features/<name>`) or a server module (`server/modules/<name>`) that
 *   reaches, through any chain, a unit that reaches it back, even when no single chain of files closes a circle
 *   (programs' pages use the institutions feature while an institution's page lists programs).
 * Each import that starts a cycle is reported with the circle it closes. Other files' imports are read from disk with
 * TypeScript's import scanner; the file being linted is read as it is now.
 */

const SOURCE = /\.(?:ts|tsx)$/;

/** The unit a file belongs to: its feature or module folder, else the file itself. */
function unitOf(file, srcRoot) {
  const parts = path.relative(srcRoot, file).split(path.sep);
  if (parts[0] === 'client' && parts[1] === 'features' && parts.length > 3) return `client/features/${parts[2]}`;
  if (parts[0] === 'server' && parts[1] === 'modules' && parts.length > 3) return `server/modules/${parts[2]}`;
  return parts.join('/');
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || /\.test-support\.tsx?$/.test(file);

/** The src files a text imports (relative specifiers only; static, re-exported and dynamic imports alike). */
function importsOf(file, text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const found = [];
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), fileName);
    if (SOURCE.test(target)) found.push(target);
  }
  return found;
}

/**
 * What was read from disk is trusted for a moment without looking again: one lint run reads each file once, and an
 * editor sees another file's change a couple of seconds later.
 */
const TRUST_MS = 2000;
const onDisk = new Map();
let listing = null;

/** A file's imports as it is on disk, or [] when it is not a source file there. */
function diskImports(file) {
  const now = Date.now();
  const kept = onDisk.get(file);
  if (kept && now - kept.checkedAt < TRUST_MS) return kept.imports;
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const imports = kept && kept.mtimeMs === stat.mtimeMs ? kept.imports : importsOf(file, fs.readFileSync(file, 'utf8'));
  onDisk.set(file, { checkedAt: now, mtimeMs: stat.mtimeMs, imports });
  return imports;
}

/** The product source files of src by unit (tests left out). */
function filesByUnit(srcRoot) {
  const now = Date.now();
  if (listing && listing.srcRoot === srcRoot && now - listing.at < TRUST_MS) return listing.byUnit;
  const byUnit = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(at);
      else if (SOURCE.test(entry.name) && !isTest(at)) {
        const unit = unitOf(at, srcRoot);
        byUnit.set(unit, [...(byUnit.get(unit) ?? []), at]);
      }
    }
  };
  walk(srcRoot);
  listing = { srcRoot, at: now, byUnit };
  return byUnit;
}

/** A path from `start` to `goal` over `next`, as the nodes after `start`, or null. Breadth first: the shortest circle. */
function pathTo(start, goal, next) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of next(node)) {
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, node);
      if (to === goal) {
        const chain = [];
        for (let at = to; at !== start; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(to);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between files, client features or server modules.' },
    schema: [],
    messages: {
      fileCycle: 'Import cycle: {{circle}}. Move what both need into a module below them (decision 039).',
      unitCycle:
        'Cycle between {{from}} and {{to}}: {{circle}}. One of them must be below the other: compose them above both, ' +
        'or give the lower one a port (decision 039).',
    },
  },
  create(context) {
    const srcRoot = path.resolve(context.cwd, 'src');
    const file = path.resolve(context.cwd, context.filename);
    const relative = path.relative(srcRoot, file);
    if (relative.startsWith('..') || path.isAbsolute(relative) || isTest(file)) return {};
    const own = importsOf(file, context.sourceCode.text).filter((f) => !isTest(f));
    const importsFrom = (f) => (f === file ? own : diskImports(f).filter((g) => !isTest(g)));
    const name = (f) => path.relative(srcRoot, f).split(path.sep).join('/');

    // Units: which units a unit imports, each with one import that does it (the file being linted as it is now).
    const unitEdges = new Map();
    const unitTargets = (unit) => {
      if (unitEdges.has(unit)) return unitEdges.get(unit);
      const targets = new Map();
      const files = filesByUnit(srcRoot).get(unit) ?? [];
      for (const f of files.includes(file) || unitOf(file, srcRoot) !== unit ? files : [...files, file]) {
        for (const g of importsFrom(f)) {
          const to = unitOf(g, srcRoot);
          if (to !== unit && !targets.has(to)) targets.set(to, `${name(f)} → ${name(g)}`);
        }
      }
      unitEdges.set(unit, targets);
      return targets;
    };
    const unitsFrom = (unit) => [...unitTargets(unit).keys()];

    function check(sourceNode) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      if (!sourceNode.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), sourceNode.value);
      if (!SOURCE.test(target) || isTest(target)) return;
      const back = target === file ? [] : pathTo(target, file, importsFrom);
      if (back) {
        const circle = [file, target, ...back].map(name).join(' → ');
        context.report({ node: sourceNode, messageId: 'fileCycle', data: { circle } });
        return;
      }
      const from = unitOf(file, srcRoot);
      const to = unitOf(target, srcRoot);
      if (from === to || (!from.includes('/features/') && !from.includes('/modules/'))) return;
      const unitsBack = pathTo(to, from, unitsFrom);
      if (!unitsBack) return;
      const hops = [to, ...unitsBack];
      const steps = hops.slice(0, -1).map((unit, i) => unitTargets(unit).get(hops[i + 1]));
      const circle = [`${name(file)} → ${name(target)}`, ...steps].join(', ');
      context.report({ node: sourceNode, messageId: 'unitCycle', data: { from, to, circle } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'import-cycles': importCycles } };
