/**
 * No module imports itself back through others (issue 21: `import/no-cycle` or an equivalent): a cycle makes a module
 * run before what it imports has finished loading, so a value read at load time is undefined on one path only.
 * Type-only imports (`import type`, `export type`) are left out, as the compiler erases them. Every tracked TypeScript
 * file is read; imports resolve as each project's tsconfig says (`@core/*`, `@/*`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '../..');

function compilerOptionsOf(tsconfig: string): ts.CompilerOptions {
  const { config } = ts.readConfigFile(join(root, tsconfig), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root).options;
}

/** The specifiers a module needs at run time: its imports and re-exports that are not type-only. */
function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** The cycles of a graph (its strongly connected components of more than one module, or a module importing itself). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, recursive: the graph has under a thousand modules.
  let counter = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (module: string) => {
    index.set(module, counter);
    lowLink.set(module, counter++);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(module, Math.min(lowLink.get(module)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(module, Math.min(lowLink.get(module)!, index.get(next)!));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || (graph.get(module) ?? []).includes(module)) cycles.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

/** Every tracked TypeScript module of the repository and the repository modules it needs at run time. */
function repositoryGraph(): Map<string, string[]> {
  const options = { server: compilerOptionsOf('tsconfig.json'), web: compilerOptionsOf('tsconfig.web.json') };
  const files = execFileSync('git', ['ls-files', '-z', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path && !path.endsWith('.d.ts'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const fileName = join(root, file);
    const compilerOptions = file.startsWith('web/') ? options.web : options.server;
    const targets = runtimeImports(fileName, readFileSync(fileName, 'utf8'))
      .map((specifier) => ts.resolveModuleName(specifier, fileName, compilerOptions, ts.sys).resolvedModule)
      .filter((resolved) => resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.endsWith('.d.ts'))
      .map((resolved) => relative(root, resolved!.resolvedFileName));
    graph.set(file, targets);
  }
  return graph;
}

describe('import cycles', () => {
  it('are found, and type-only imports are not counted', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "import { D, type E } from './d';",
      "import './side-effect';",
      "export { F } from './f';",
      "export type { G } from './g';",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual(['./d', './side-effect', './f']);
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('do not occur in the repository', () => {
    const graph = repositoryGraph();
    // The graph must be the real one: the check reads hundreds of modules and resolves both aliases.
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('lambdas/teams/fields.ts')).toEqual(expect.arrayContaining([expect.stringMatching(/^core\//)]));
    expect(graph.get('web/src/main.tsx')).toEqual(expect.arrayContaining([expect.stringMatching(/^web\/src\/app\//)]));
    expect(cyclesOf(graph)).toEqual([]);
  });
});
