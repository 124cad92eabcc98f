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

/**
 * A fragment's measure, taken once per operation: a fragment spread many times (fragments that each spread the next
 * twice name 2^n fields in a few hundred bytes) is walked once, not once per copy.
 */
function measuredOnce(measures: Map<string, number>, name: string, measure: () => number): number {
  const known = measures.get(name);
  if (known !== undefined) return known;
  const value = measure();
  measures.set(name, value);
  return value;
}

/** Depth of a selection set, fragments expanded; a fragment cycle (refused later by graphql-js) counts once. */
function depthOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: Fragments,
  measures: Map<string, number>,
  visiting: ReadonlySet<string> = new Set(),
): number {
  let deepest = 0;
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, measures, visiting));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, measures, visiting));
    } else if (!visiting.has(selection.name.value)) {
      const name = selection.name.value;
      const depth = measuredOnce(measures, name, () => depthOf(fragments(name)?.selectionSet, fragments, measures, new Set([...visiting, name])));
      deepest = Math.max(deepest, depth);
    }
  }
  return deepest;
}

/** Root fields an operation runs, fragments expanded (`__typename` has no resolver). */
function rootFieldCount(
  selectionSet: SelectionSetNode,
  fragments: Fragments,
  measures: Map<string, number>,
  visiting: ReadonlySet<string> = new Set(),
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) count += selection.name.value === '__typename' ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFieldCount(selection.selectionSet, fragments, measures, visiting);
    else if (!visiting.has(selection.name.value)) {
      const name = selection.name.value;
      const fragment = fragments(name);
      if (fragment)
        count += measuredOnce(measures, name, () => rootFieldCount(fragment.selectionSet, fragments, measures, new Set([...visiting, name])));
    }
  }
  return count;
}

function queryCostRule(context: ValidationContext): ASTVisitor {
  const fragments: Fragments = (name) => context.getFragment(name);
  return {
    OperationDefinition(operation: OperationDefinitionNode) {
      const depth = depthOf(operation.selectionSet, fragments, new Map());
      if (depth > apiLimits.queryDepth) {
        context.reportError(
          new GraphQLError(`The operation is nested ${depth} levels deep; the limit is ${apiLimits.queryDepth}.`, { nodes: operation }),
        );
      }
      const resolvers = rootFieldCount(operation.selectionSet, fragments, new Map());
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
