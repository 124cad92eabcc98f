import { join } from 'node:path';
import { isObjectType } from 'graphql';
import { POLICY, type PolicyField } from '@core/policy';
import type { FieldDeclarations } from './lib/fields';
import { buildAppSyncSchema } from './schema';
import { lambdaFunctions, resolverMap, type LambdaFunctionName } from './resolver-map';

const schema = buildAppSyncSchema();

function rootFields(): string[] {
  return (['Query', 'Mutation', 'Subscription'] as const).flatMap((typeName) => {
    const type = schema.getType(typeName);
    return isObjectType(type) ? Object.keys(type.getFields()).map((field) => `${typeName}.${field}`) : [];
  });
}

describe('resolver map', () => {
  it('names a handler for every root field of the schema', () => {
    const unmapped = rootFields().filter((field) => !(field in resolverMap));
    expect(unmapped).toEqual([]);
  });

  it('names no field the schema lacks', () => {
    const fields = new Set(rootFields());
    expect(Object.keys(resolverMap).filter((field) => !fields.has(field))).toEqual([]);
  });

  it.each(Object.keys(lambdaFunctions) as LambdaFunctionName[])('%s handler serves exactly the fields mapped to it', async (name) => {
    const module = (await import(join(__dirname, '..', lambdaFunctions[name].entry))) as { handler: { fields: string[] } };
    const mapped = Object.entries(resolverMap)
      .filter(([, fn]) => fn === name)
      .map(([field]) => field);
    expect([...module.handler.fields].sort()).toEqual(mapped.sort());
  });

  // While domains move to field declarations (lambdas/lib/fields.ts), a declared row must be the policy map's.
  it.each(Object.keys(lambdaFunctions) as LambdaFunctionName[])('%s declares the policy map row of each field it declares', async (name) => {
    const module = (await import(join(__dirname, '..', lambdaFunctions[name].entry))) as { handler: { declarations?: FieldDeclarations } };
    const declared = Object.entries(module.handler.declarations ?? {}).map(([field, { policy }]) => [field, policy]);
    expect(declared).toEqual(declared.map(([field]) => [field, POLICY[field as PolicyField]]));
  });
});
