import {
  GraphQLError,
  Kind,
  validate,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { apiLimits } from '../../../lambdas/api-limits';

/**
 * AppSync's queryDepthLimit and resolverCountLimit, from the same constants CDK sets. AppSync nulls the fields past a
 * limit; the gateway refuses the whole operation before any resolver runs, which is stricter and simpler to test.
 */
type Fragments = (name: string) => FragmentDefinitionNode | null | undefined;

/** Depth of a selection set, fragments expanded; a fragment cycle (refused later by graphql-js) counts once. */
function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Fragments, visiting: ReadonlySet<string> = new Set()): number {
  let deepest = 0;
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, visiting));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, visiting));
    } else if (!visiting.has(selection.name.value)) {
      const fragment = fragments(selection.name.value);
      deepest = Math.max(deepest, depthOf(fragment?.selectionSet, fragments, new Set([...visiting, selection.name.value])));
    }
  }
  return deepest;
}

/** Root fields an operation runs, fragments expanded (`__typename` has no resolver). */
function rootFieldCount(selectionSet: SelectionSetNode, fragments: Fragments, visiting: ReadonlySet<string> = new Set()): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) count += selection.name.value === '__typename' ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFieldCount(selection.selectionSet, fragments, visiting);
    else if (!visiting.has(selection.name.value)) {
      const fragment = fragments(selection.name.value);
      if (fragment) count += rootFieldCount(fragment.selectionSet, fragments, new Set([...visiting, selection.name.value]));
    }
  }
  return count;
}

function queryCostRule(context: ValidationContext): ASTVisitor {
  const fragments: Fragments = (name) => context.getFragment(name);
  return {
    OperationDefinition(operation: OperationDefinitionNode) {
      const depth = depthOf(operation.selectionSet, fragments);
      if (depth > apiLimits.queryDepth) {
        context.reportError(
          new GraphQLError(`The operation is nested ${depth} levels deep; the limit is ${apiLimits.queryDepth}.`, { nodes: operation }),
        );
      }
      const resolvers = rootFieldCount(operation.selectionSet, fragments);
      if (resolvers > apiLimits.resolverCount) {
        context.reportError(
          new GraphQLError(`The operation would run ${resolvers} resolvers; the limit is ${apiLimits.resolverCount}.`, { nodes: operation }),
        );
      }
      return false; // the rule has looked at the whole operation; skip its children
    },
  };
}

/**
 * graphql-js's validation, preceded by the cost limits: its own rules are superlinear on some huge documents
 * (overlapping fields), so an oversized operation is refused before they see it.
 */
export function validateWithinLimits(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  const costErrors = validate(schema, document, [queryCostRule]);
  return costErrors.length > 0 ? costErrors : validate(schema, document);
}
