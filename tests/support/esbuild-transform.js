/**
 * Jest transformer: TypeScript and JSX to CommonJS with esbuild, the compiler the project already uses
 * (tsx, Vite, CDK bundling). esbuild does not hoist jest.mock() above imports: a test that mocks a module
 * requires the module under test after the jest.mock call.
 */
const { createHash } = require('node:crypto');
const { extname } = require('node:path');
const { transformSync, version } = require('esbuild');

const loaders = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.jsx': 'jsx', '.mjs': 'js', '.cjs': 'js' };

const options = {
  format: 'cjs',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'external',
  // Keep class and function names: error types are read from error.name.
  keepNames: true,
  // Jest runs CommonJS: import() becomes require(), so dynamically loaded TypeScript is transformed too.
  supported: { 'dynamic-import': false },
};

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, { ...options, loader: loaders[extname(filename)] ?? 'js', sourcefile: filename });
    return { code, map };
  },
  getCacheKey(source, filename) {
    return createHash('sha256').update(version).update(JSON.stringify(options)).update(filename).update(source).digest('hex');
  },
};
