import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { buildAppSyncSchema } from '../../../lambdas/schema';
import type { Principal } from './auth';
import { createFieldAccess, type FieldAccess } from './directives';
import { fieldNotAuthorized } from './errors';
import { buildResolverEvent, type RequestInfo } from './event';
import type { Invoke } from './handlers';
import { applyAppSyncScalars } from './scalars';
import type { MutationResult } from './subscriptions';

/** Per-operation state every resolver sees. */
export interface GatewayContext {
  principal: Principal;
  request: RequestInfo;
  /** Results of this operation's mutation fields, published to subscribers once it completes. */
  mutations: MutationResult[];
}

/**
 * schema.graphql with AppSync's behaviour attached: every field checks the caller against its auth directives;
 * Query and Mutation fields call their Lambda; other fields read the parent object (AppSync's default).
 * Subscription fields only deliver published results here; subscribing happens in realtime.ts.
 */
export function buildExecutableSchema(source: string, invoke: Invoke): { schema: GraphQLSchema; access: FieldAccess } {
  const schema = buildAppSyncSchema(source);
  const access = createFieldAccess(schema);
  applyAppSyncScalars(schema);
  const rootNames = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name].filter(Boolean));
  const mutationName = schema.getMutationType()?.name;

  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const readsParent: GraphQLFieldResolver<any, GatewayContext> = (source, args, context, info) => {
        if (!access(context.principal, type.name, field.name)) throw fieldNotAuthorized(field.name, type.name);
        return defaultFieldResolver(source, args, context, info);
      };
      const callsLambda: GraphQLFieldResolver<any, GatewayContext> = async (_source, args, context, info) => {
        if (!access(context.principal, type.name, field.name)) throw fieldNotAuthorized(field.name, type.name);
        const call = {
          parentTypeName: type.name,
          fieldName: field.name,
          fieldNode: info.fieldNodes[0],
          fragments: info.fragments,
          variables: info.variableValues,
          arguments: args,
          source: null,
        };
        const result = await invoke(`${type.name}.${field.name}`, buildResolverEvent(call, context.principal, context.request));
        if (type.name === mutationName) {
          context.mutations.push({ fieldName: field.name, result, fieldNodes: info.fieldNodes, fragments: info.fragments });
        }
        return result;
      };
      field.resolve = rootNames.has(type.name) ? callsLambda : readsParent;
    }
  }
  return { schema, access };
}
