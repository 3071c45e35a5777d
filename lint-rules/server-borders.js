import path from 'node:path';

/**
 * The server's borders (decision 039): which part of src/server may import which. A part is a feature module
 * (`modules/<name>`), a folder below them (`db`, `plugins`, …) or a top-level file (`config.ts`, …). An import from
 * one part into another that its line below does not declare fails `npm run lint`; src/shared and packages are
 * outside the server and judged by the rules in eslint.config.js.
 *
 * The modules build on each other in one direction: a module never names one above it. Where a lower module needs
 * something only a higher one knows (the record store asks whether a term return is locked; a new institution needs
 * its term returns), the lower one declares a port (`server/port.ts`) and app.ts gives it the higher one's function.
 */

/** Everything below the feature modules: any module may use these. */
const BELOW_MODULES = [
  'db',
  'session',
  'plugins',
  'files',
  'mail',
  'config.ts',
  'port.ts',
  'refusals.ts',
  'http-errors.ts',
  'validation-errors.ts',
  'hourly-job.ts',
  'paths.ts',
];

/** Each feature module and the modules it may use (besides everything below the modules). */
export const MODULE_BORDERS = {
  health: [],
  audit: [],
  users: ['audit'],
  auth: ['users'],
  profile: ['users'],
  header: ['audit'],
  institutions: ['audit'],
  programs: ['audit'],
  releases: ['audit'],
  records: ['audit', 'institutions'],
  disclosure: ['records'],
  returns: ['audit', 'institutions', 'records', 'users'],
  exports: ['audit', 'records', 'returns'],
  imports: ['audit', 'records', 'returns'],
  reports: ['records', 'returns', 'disclosure'],
};

/** The parts below the modules, and what each may use: a line down, never up. */
export const BASE_BORDERS = {
  'paths.ts': [],
  'host-names.ts': [],
  'hourly-job.ts': [],
  'validation-errors.ts': [],
  'port.ts': [],
  files: [],
  mail: [],
  db: ['paths.ts'],
  session: ['db'],
  'refusals.ts': ['db'],
  'http-errors.ts': ['refusals.ts'],
  'config.ts': ['mail', 'host-names.ts'],
  plugins: ['db', 'session', 'refusals.ts', 'http-errors.ts', 'validation-errors.ts', 'host-names.ts', 'paths.ts'],
};

/** The parts that may import any other: the entry (which builds the app and wires the ports), the seed, backups, test code. */
const FREE = ['app.ts', 'server.ts', 'seed', 'backup', 'test'];

/** Where a file sits in src/server: its part, or null outside it. */
export function serverPartOf(file, serverRoot) {
  const relative = path.relative(serverRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  if (top === 'modules') return second === undefined ? null : `modules/${second}`;
  return top;
}

/** The parts a part may import; null when it is free, undefined when nothing declares it. */
export function allowedParts(part) {
  if (FREE.includes(part)) return null;
  if (part.startsWith('modules/')) {
    const allowed = MODULE_BORDERS[part.slice('modules/'.length)];
    return allowed && [...allowed.map((m) => `modules/${m}`), ...BELOW_MODULES];
  }
  return BASE_BORDERS[part];
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverBorders = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the borders between server modules and layers that lint-rules/server-borders.js declares.' },
    schema: [],
    messages: {
      undeclared:
        '{{from}} may not import {{to}} ("{{source}}"): lint-rules/server-borders.js does not declare it (decision 039). ' +
        'Move what both need down, or let the lower part declare a port (server/port.ts) that app.ts provides.',
      undeclaredPart:
        '{{from}} is a part of the server that lint-rules/server-borders.js does not list: declare what it may use.',
    },
  },
  create(context) {
    const serverRoot = path.resolve(context.cwd, 'src', 'server');
    const file = path.resolve(context.cwd, context.filename);
    const from = serverPartOf(file, serverRoot);
    if (!from) return {};
    const allowed = allowedParts(from);
    if (allowed === null) return {};
    if (allowed === undefined) {
      return { Program: (node) => context.report({ node, messageId: 'undeclaredPart', data: { from } }) };
    }

    function check(sourceNode) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const source = sourceNode.value;
      if (!source.startsWith('.')) return; // a package
      const to = serverPartOf(path.resolve(path.dirname(file), source), serverRoot);
      if (!to || to === from || allowed.includes(to)) return;
      context.report({ node: sourceNode, messageId: 'undeclared', data: { from, to, source } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
export default { rules: { 'server-borders': serverBorders } };
