/**
 * Keeps docs/architecture.md's "Adding a field" true: a field is declared once (lambdas/<domain>/fields.ts), the
 * resolver map and the policy map are derived from the declarations, and no other module of the Lambdas or core/
 * writes a field's name.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { apiFields, policyMap, resolverMap } from '../../lambdas/api-fields';
import type { FieldDeclarations } from '../../lambdas/lib/fields';

const root = join(__dirname, '../..');
const walkthrough = (() => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('## Adding a field');
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
})();

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'test-support' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('docs/architecture.md, "Adding a field"', () => {
  it('names modules that exist', () => {
    const named = [...walkthrough.matchAll(/`((?:lambdas|core|tests|web)\/[^`*<>]+\.tsx?)`/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('is how the maps are made: the resolver map and the policy map hold exactly the declared fields', () => {
    const declared = Object.entries(apiFields as Record<string, FieldDeclarations>).flatMap(([name, fields]) =>
      Object.entries(fields).map(([field, declaration]) => ({ field, name, policy: declaration.policy })),
    );
    expect(Object.entries(resolverMap).sort()).toEqual(declared.map(({ field, name }) => [field, name]).sort());
    expect(Object.keys(policyMap).length).toBe(declared.length);
    for (const { field, policy } of declared) expect(policyMap[field as keyof typeof policyMap]).toBe(policy);
  });

  it('leaves no field name written as a string in lambdas/ or core/ outside the declarations', () => {
    const fieldName = /['"`](Query|Mutation|Subscription)\.[A-Za-z]+['"`]/;
    const writers = [...sourceFiles('lambdas'), ...sourceFiles('core')]
      .filter((path) => !/^lambdas\/[^/]+\/fields\.ts$/.test(relative(root, join(root, path))))
      .filter((path) => fieldName.test(readFileSync(join(root, path), 'utf8')));
    expect(writers).toEqual([]);
  });
});
