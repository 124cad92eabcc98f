import type { GraphQLError } from 'graphql';
import { MAX_QUOTED_LENGTH, quoteForMessage } from '@core/validation/fields';

/** graphql-js quotes a rejected value in full (a 100 KB variable comes back as 100 KB); AppSync's messages stay short. */
const MAX_MESSAGE_LENGTH = 500;
const QUOTED_VALUE = /"(?:[^"\\]|\\.)*"/g;

/** An error message with every quoted value cut to a few words and the whole kept short, controls shown as escapes. */
export function boundedMessage(message: string): string {
  const cut = message.replace(QUOTED_VALUE, (quoted) =>
    quoted.length > MAX_QUOTED_LENGTH + 2 ? `"${quoted.slice(1, MAX_QUOTED_LENGTH + 1)}…"` : quoted,
  );
  // The ellipsis a cut message ends with counts towards the bound.
  return quoteForMessage(cut, MAX_MESSAGE_LENGTH - 1);
}

/** One entry of an AppSync response's `errors` list. */
interface AppSyncError {
  path: ReadonlyArray<string | number> | null;
  locations: { line: number; column: number; sourceName: null }[] | null;
  message: string;
  errorType: string | null;
  errorInfo: null;
  data: null;
}

/** An error that knows the errorType AppSync would report for it. */
export class TypedError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(boundedMessage(message));
    this.name = errorType;
  }
}

/** Credentials missing or rejected: HTTP 401 / realtime connection_error. */
export class UnauthorizedException extends TypedError {
  constructor(message = 'You are not authorized to make this call.') {
    super('UnauthorizedException', message);
  }
}

/** A request AppSync could not even read (bad JSON, no query, syntax error): HTTP 400. */
export class MalformedRequestException extends TypedError {
  constructor(message: string) {
    super('MalformedHttpRequestException', message);
  }
}

/** A field the caller's auth mode or groups may not read, worded as AppSync words it. */
export function fieldNotAuthorized(fieldName: string, typeName: string): TypedError {
  return new TypedError('Unauthorized', `Not Authorized to access ${fieldName} on type ${typeName}`);
}

/** Shapes a graphql-js error like AppSync does; `fallbackType` is used when no resolver set a type. */
export function toAppSyncError(error: GraphQLError, fallbackType: string | null = null): AppSyncError {
  const original = error.originalError;
  const errorType = original instanceof TypedError ? original.errorType : fallbackType;
  return {
    path: error.path ?? null,
    locations: error.locations?.map(({ line, column }) => ({ line, column, sourceName: null })) ?? null,
    message: boundedMessage(error.message),
    errorType,
    errorInfo: null,
    data: null,
  };
}

/** A body without `data`, for errors raised before execution (auth, malformed request). */
export function requestErrorBody(error: TypedError): { errors: { errorType: string; message: string }[] } {
  return { errors: [{ errorType: error.errorType, message: error.message }] };
}
