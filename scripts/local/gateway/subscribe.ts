import { getArgumentValues, getOperationAST, getVariableValues, GraphQLError, Kind, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { lowerCaseKeys, type Authenticate, type Principal } from './auth';
import type { FieldAccess } from './directives';
import { fieldNotAuthorized, TypedError } from './errors';
import { buildResolverEvent, type RequestInfo } from './event';
import type { Invoke } from './handlers';
import { validateWithinLimits } from './limits';
import type { Subscriber } from './subscriptions';

/** A realtime `start` message, with what the connection already knows. */
export interface StartRequest {
  id: string;
  payload: unknown;
  connectionPrincipal: Principal;
  request: RequestInfo;
  send(message: object): void;
}

export type StartSubscription = (start: StartRequest) => Promise<Subscriber>;

interface SubscribeDeps {
  schema: GraphQLSchema;
  authenticate: Authenticate;
  access: FieldAccess;
  invoke: Invoke;
}

interface StartPayload {
  data?: unknown;
  extensions?: { authorization?: Record<string, unknown> };
}

function readOperation(data: unknown): { query: string; variables: Record<string, unknown>; operationName?: string } {
  let json: unknown = data;
  if (typeof data === 'string') {
    try {
      json = JSON.parse(data);
    } catch {
      throw new TypedError('MalformedHttpRequestException', 'payload.data must be a JSON string of {query, variables}.');
    }
  }
  const { query, variables, operationName } = (json ?? {}) as Record<string, unknown>;
  if (typeof query !== 'string') throw new TypedError('MalformedHttpRequestException', 'payload.data has no query.');
  return {
    query,
    variables: variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {},
    operationName: typeof operationName === 'string' ? operationName : undefined,
  };
}

function parseDocument(query: string): DocumentNode {
  try {
    return parse(query);
  } catch (error) {
    throw new TypedError('MalformedHttpRequestException', error instanceof GraphQLError ? error.message : String(error));
  }
}

const validationError = (errors: readonly GraphQLError[]) => new TypedError('ValidationError', errors.map((e) => e.message).join(' '));

/**
 * What AppSync does on `start`: authorize the start message's own credentials (or the connection's), check the
 * subscription field's auth directives, and call the field's Lambda with the subscription arguments; a throw denies.
 */
export function createStartSubscription({ schema, authenticate, access, invoke }: SubscribeDeps): StartSubscription {
  return async ({ id, payload, connectionPrincipal, request, send }) => {
    const { data, extensions } = (payload ?? {}) as StartPayload;
    const authorization = extensions?.authorization;
    const principal = authorization ? await authenticate(lowerCaseKeys(authorization)) : connectionPrincipal;

    const { query, variables, operationName } = readOperation(data);
    const document = parseDocument(query);
    const errors = validateWithinLimits(schema, document);
    if (errors.length > 0) throw validationError(errors);
    const operation = getOperationAST(document, operationName);
    if (!operation) throw new TypedError('MalformedHttpRequestException', 'The start message names no single operation.');
    if (operation.operation !== 'subscription') {
      throw new TypedError('UnsupportedOperation', `${operation.operation} not supported through the realtime channel`);
    }
    const [fieldNode, ...others] = operation.selectionSet.selections;
    if (fieldNode?.kind !== Kind.FIELD || others.length > 0) {
      throw new TypedError('ValidationError', 'A subscription must select exactly one field.');
    }
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    if (coerced.errors) throw validationError(coerced.errors);

    const subscriptionType = schema.getSubscriptionType()!;
    const fieldName = fieldNode.name.value;
    if (!access(principal, subscriptionType.name, fieldName)) throw fieldNotAuthorized(fieldName, subscriptionType.name);
    const args = getArgumentValues(subscriptionType.getFields()[fieldName], fieldNode, coerced.coerced);
    const fragments = Object.fromEntries(
      document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [])),
    );
    const call = {
      parentTypeName: subscriptionType.name,
      fieldName,
      fieldNode,
      fragments,
      variables: coerced.coerced,
      arguments: args,
      source: null,
    };
    await invoke(`${subscriptionType.name}.${fieldName}`, buildResolverEvent(call, principal, request));

    return { id, fieldName, arguments: args, document, operationName, variables: coerced.coerced, principal, request, send };
  };
}
