// @ts-check
/**
 * FitGauge's own lint rules: the import direction between the repository's layers, and `jest.mock` order
 * (esbuild compiles the tests and does not hoist `jest.mock` above the imports the way babel-jest does).
 */
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** The repository path (posix, from the root) an import points at, or null for a package. */
function targetOf(specifier, filename) {
  if (specifier.startsWith('@core/')) return `core/${specifier.slice('@core/'.length)}`;
  if (specifier.startsWith('@/')) return `web/src/${specifier.slice('@/'.length)}`;
  if (!specifier.startsWith('.')) return null;
  return path
    .relative(ROOT, path.resolve(path.dirname(filename), specifier))
    .split(path.sep)
    .join('/');
}

/** The import-direction layer of a repository path, with the feature or domain it belongs to. */
function layerOf(repoPath) {
  const web = /^web\/src\/(features|app|components|lib|hooks|config)\/(?:([^/]+)\/)?/.exec(repoPath);
  if (web) return { layer: web[1] === 'features' ? 'feature' : web[1], name: web[1] === 'features' ? web[2] : undefined };
  if (repoPath.startsWith('web/src/')) return { layer: 'web' };
  const lambda = /^lambdas\/([^/]+)\//.exec(repoPath);
  if (lambda) return lambda[1] === 'lib' ? { layer: 'lambda-lib' } : { layer: 'domain', name: lambda[1] };
  if (repoPath.startsWith('lambdas/')) return { layer: 'lambdas' };
  const top = /^(core|infra|scripts|tests|bench)\//.exec(repoPath);
  return { layer: top ? top[1] : 'other' };
}

/** A store module of a Lambda domain (`store.ts`, `<name>-store.ts`): the one thing another domain may import, and only its types. */
const isStoreModule = (repoPath) => /(^|\/)stores?\/|[/-]store(\.ts)?$/.test(repoPath);

const WEB_LAYERS = new Set(['feature', 'app', 'components', 'lib', 'hooks', 'config', 'web']);
const SHARED_WEB_HOMES = 'web/src/components, web/src/lib or web/src/hooks';

/** Why `from` may not import `to`, or null when it may. */
function boundaryProblem(from, to, typeOnly) {
  const source = layerOf(from);
  const target = layerOf(to);
  switch (source.layer) {
    case 'feature':
      if (target.layer === 'feature' && target.name !== source.name)
        return `A web feature may not import another feature (${source.name} -> ${target.name}): move what they share to ${SHARED_WEB_HOMES}.`;
      if (target.layer === 'app') return `A web feature may not import web/src/app: move what they share to ${SHARED_WEB_HOMES}.`;
      break;
    case 'components':
    case 'lib':
    case 'hooks':
    case 'config':
      if (target.layer === 'feature' || target.layer === 'app')
        return `web/src/${source.layer} is shared by every feature, so it may not import ${target.layer === 'app' ? 'web/src/app' : `a feature (${target.name})`}.`;
      break;
    case 'domain':
      if (target.layer === 'domain' && target.name !== source.name && !(typeOnly && isStoreModule(to)))
        return `A Lambda domain imports only lambdas/lib and core (${source.name} -> ${target.name}): move what they share to lambdas/lib (another domain's store types at most).`;
      if (!['domain', 'lambda-lib', 'core'].includes(target.layer)) return `A Lambda domain imports only lambdas/lib and core, not ${to}.`;
      break;
    case 'lambda-lib':
      if (target.layer === 'domain') return `lambdas/lib is shared by every domain, so it may not import a domain (${target.name}).`;
      break;
    case 'core':
      if (target.layer !== 'core') return `core/ holds pure rules shared by the Lambdas and the browser: it may not import ${to}.`;
      if (from.startsWith('core/validation/') && !to.startsWith('core/validation/'))
        return `core/validation holds the building blocks every domain's schemas use: it may not import a domain (${to}).`;
      break;
  }
  if (WEB_LAYERS.has(source.layer) && !WEB_LAYERS.has(target.layer) && target.layer !== 'core')
    return `The web app runs in the browser: it imports only web/src and core, not ${to}.`;
  return null;
}

/**
 * The UI kit (web/src/components/ui) is the web app's one component layer: it alone imports Amplify UI, and wraps or
 * re-exports the pieces the pages use (docs/ui-kit.md).
 */
const amplifyUiImport = (specifier, from) =>
  /^@aws-amplify\/ui-react(\/|$)/.test(specifier) && from.startsWith('web/src/') && !from.startsWith('web/src/components/ui/')
    ? 'Only the UI kit imports Amplify UI: use its piece (web/src/components/ui; layout, text, cards, badges and toggles from components/ui/themed/primitives), or add the missing one there.'
    : null;

/** Outside core/, core is imported by its alias, so moving a file never breaks its core imports. */
const relativeCoreImport = (specifier, from, to) =>
  specifier.startsWith('.') && to.startsWith('core/') && !from.startsWith('core/') ? `Import core/ through its alias: '@${to}'.` : null;

/** The string literal a call or declaration names as its module, if it is one. */
const literalSource = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : null);

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((spec) => spec.importKind === 'type'));

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: { type: 'problem', docs: { description: 'Imports flow one way between features, shared web code, Lambda domains and core.' }, schema: [] },
  create(context) {
    const from = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const check = (node, sourceNode, typeOnly) => {
      const specifier = literalSource(sourceNode);
      const to = specifier && targetOf(specifier, context.filename);
      const problem =
        specifier && (to ? (relativeCoreImport(specifier, from, to) ?? boundaryProblem(from, to, typeOnly)) : amplifyUiImport(specifier, from));
      if (problem) context.report({ node: sourceNode, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ImportExpression: (node) => check(node, node.source, false),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0], false);
      },
    };
  },
};

const isJestMock = (node) =>
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'Identifier' &&
  node.callee.object.name === 'jest' &&
  node.callee.property.type === 'Identifier' &&
  ['mock', 'doMock'].includes(node.callee.property.name);

/** One key per module, whichever way it is written (`./x`, `../lib/x`, `@/lib/x`, `./x.ts`). */
const moduleKey = (specifier, filename) => (targetOf(specifier, filename) ?? specifier).replace(/\.[cm]?[jt]sx?$/, '');

/** @type {import('eslint').Rule.RuleModule} */
const jestMockBeforeImport = {
  meta: {
    type: 'problem',
    docs: { description: 'A module the file jest.mock()s is required after the mock, never imported statically (esbuild does not hoist jest.mock).' },
    schema: [],
  },
  create(context) {
    const imports = [];
    const mocked = new Set();
    return {
      ImportDeclaration: (node) => {
        if (!isTypeOnly(node)) imports.push(node);
      },
      CallExpression: (node) => {
        const specifier = isJestMock(node) && literalSource(node.arguments[0]);
        if (specifier) mocked.add(moduleKey(specifier, context.filename));
      },
      'Program:exit': () => {
        for (const node of imports) {
          if (!mocked.has(moduleKey(node.source.value, context.filename))) continue;
          context.report({
            node: node.source,
            message: `'${node.source.value}' is jest.mock()ed in this file, but esbuild does not hoist jest.mock, so this import loads the real module: require it after the mock instead.`,
          });
        }
      },
    };
  },
};

module.exports = { rules: { 'import-boundaries': importBoundaries, 'jest-mock-before-import': jestMockBeforeImport } };
