import { isDeepStrictEqual } from 'node:util';
import { execute, Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLSchema, type SelectionNode } from 'graphql';
import type { Principal } from './auth';
import { toAppSyncError } from './errors';
import type { RequestInfo } from './event';
import type { GatewayContext } from './executable-schema';

/** A mutation field's result, with the selection the mutation made (AppSync publishes only what it selected). */
export interface MutationResult {
  fieldName: string;
  result: unknown;
  fieldNodes: readonly FieldNode[];
  fragments: Record<string, FragmentDefinitionNode>;
}

/** One started subscription on one realtime connection. */
export interface Subscriber {
  id: string;
  fieldName: string;
  arguments: Record<string, unknown>;
  document: DocumentNode;
  operationName?: string;
  variables: Record<string, unknown>;
  principal: Principal;
  request: RequestInfo;
  send(message: object): void;
}

type Fragments = MutationResult['fragments'];

/** Field name -> every selection made of it, fragments flattened; aliases collapse onto the field. */
function selectionsByField(selections: readonly SelectionNode[], fragments: Fragments, into = new Map<string, SelectionNode[]>()) {
  for (const selection of selections) {
    if (selection.kind === Kind.FIELD) {
      const children = into.get(selection.name.value) ?? [];
      into.set(selection.name.value, [...children, ...(selection.selectionSet?.selections ?? [])]);
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      if (fragment) selectionsByField(fragment.selectionSet.selections, fragments, into);
    }
  }
  return into;
}

/** The part of a resolver result the mutation selected, under field names (not aliases). */
function project(value: unknown, selections: readonly SelectionNode[], fragments: Fragments): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, selections, fragments));
  if (value === null || typeof value !== 'object' || selections.length === 0) return value;
  const source = value as Record<string, unknown>;
  const projected: Record<string, unknown> = {};
  for (const [name, children] of selectionsByField(selections, fragments)) {
    if (name in source) projected[name] = project(source[name], children, fragments);
  }
  return projected;
}

function sameValue(argument: unknown, field: unknown): boolean {
  if (typeof argument === 'object' || typeof field === 'object') return isDeepStrictEqual(argument, field);
  return String(argument) === String(field); // an ID argument "7" matches a field that came back as 7
}

/** AppSync's argument filtering: every argument given must equal the published field of the same name. */
function matchesArguments(args: Record<string, unknown>, published: Record<string, unknown>): boolean {
  return Object.entries(args).every(([name, value]) => value === null || value === undefined || sameValue(value, published[name]));
}

export class SubscriptionHub {
  private readonly subscribers = new Set<Subscriber>();

  constructor(
    private readonly schema: GraphQLSchema,
    /** mutation field -> subscription fields that @aws_subscribe to it */
    private readonly triggers: Map<string, string[]>,
  ) {}

  add(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
  }

  /** Subscriptions registered now. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Sends each mutation result to the subscriptions it triggers, each projected to that subscription's selection. */
  async publish(mutations: MutationResult[]): Promise<void> {
    const deliveries: Promise<void>[] = [];
    for (const mutation of mutations) {
      const fields = this.triggers.get(mutation.fieldName);
      if (!fields || mutation.result === null || typeof mutation.result !== 'object') continue;
      const selections = mutation.fieldNodes.flatMap((node) => node.selectionSet?.selections ?? []);
      const published = project(mutation.result, selections, mutation.fragments) as Record<string, unknown>;
      for (const subscriber of this.subscribers) {
        if (fields.includes(subscriber.fieldName) && matchesArguments(subscriber.arguments, published)) {
          deliveries.push(this.deliver(subscriber, published));
        }
      }
    }
    // A failed delivery is that subscriber's problem, never the mutation's.
    await Promise.allSettled(deliveries);
  }

  private async deliver(subscriber: Subscriber, published: Record<string, unknown>): Promise<void> {
    const contextValue: GatewayContext = { principal: subscriber.principal, request: subscriber.request, mutations: [] };
    const result = await execute({
      schema: this.schema,
      document: subscriber.document,
      operationName: subscriber.operationName,
      variableValues: subscriber.variables,
      rootValue: { [subscriber.fieldName]: published },
      contextValue,
    });
    const payload = result.errors?.length
      ? { data: result.data ?? null, errors: result.errors.map((error) => toAppSyncError(error)) }
      : { data: result.data ?? null };
    subscriber.send({ type: 'data', id: subscriber.id, payload });
  }
}
