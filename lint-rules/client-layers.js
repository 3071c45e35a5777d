import path from 'node:path';

/**
 * The client's layers (decision 004), checked on every relative import, re-export and dynamic import:
 *
 *   app/  →  features/<name>/  →  ui/, lib/  →  src/shared
 *
 * - `ui/` and `lib/` are the bottom of the client: they never import `app/` or a feature.
 * - A feature never imports `app/` (the top layer that composes the features).
 * - A feature reaches another feature only through that feature's `index.ts`, which exports what others use.
 *
 * `no-restricted-imports` cannot say this: it sees the import as written ('../../programs/api/x.ts'), not where
 * it points from where. This rule resolves each relative path against the importing file first.
 */

/** Where a file sits in the client: its layer, and for a feature its name and path inside it; null outside. */
function placeOf(file, clientRoot) {
  const relative = path.relative(clientRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second, ...rest] = relative.split(path.sep);
  if (top === 'features' && second !== undefined) return { layer: 'features', feature: second, inside: rest.join('/') };
  if (top === 'app' || top === 'ui' || top === 'lib') return { layer: top };
  return { layer: 'entry' };
}

/** @type {import('eslint').Rule.RuleModule} */
export const clientLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the client layers: app above features above ui/ and lib/; features meet only at index.ts.' },
    schema: [],
    messages: {
      bottomReachesUp:
        '{{from}}/ is the bottom of the client and never imports {{to}}/ ("{{source}}"): move what it needs down to ui/ or lib/.',
      featureReachesApp: 'A feature never imports app/, the top layer ("{{source}}"): move what it needs down to ui/ or lib/.',
      featureInternals:
        'Reach the {{other}} feature only through features/{{other}}/index.ts, not "{{source}}"; export what you need there.',
    },
  },
  create(context) {
    const clientRoot = path.resolve(context.cwd, 'src', 'client');
    const from = placeOf(path.resolve(context.cwd, context.filename), clientRoot);
    if (!from || from.layer === 'app' || from.layer === 'entry') return {};

    function check(sourceNode) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const source = sourceNode.value;
      if (!source.startsWith('.')) return; // a package
      // Outside src/client (src/shared, say): the import-direction rules in eslint.config.js judge those.
      const to = placeOf(path.resolve(path.dirname(path.resolve(context.cwd, context.filename)), source), clientRoot);
      if (!to) return;
      if (from.layer === 'ui' || from.layer === 'lib') {
        if (to.layer === 'app' || to.layer === 'features') {
          context.report({ node: sourceNode, messageId: 'bottomReachesUp', data: { from: from.layer, to: to.layer, source } });
        }
        return;
      }
      // from a feature
      if (to.layer === 'app') context.report({ node: sourceNode, messageId: 'featureReachesApp', data: { source } });
      else if (to.layer === 'features' && to.feature !== from.feature && to.inside !== 'index.ts') {
        context.report({ node: sourceNode, messageId: 'featureInternals', data: { other: to.feature, source } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'client-layers': clientLayers } };
