/**
 * Errors a resolver throws on purpose. The error's name becomes the GraphQL errorType
 * (as AppSync reports a direct Lambda resolver's error); anything else is Lambda:Unhandled.
 */
export class AppError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'You are not authorized to make this call.') {
    super('Unauthorized', message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super('ValidationError', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super('NotFound', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super('Conflict', message);
  }
}

/**
 * The same call a moment later will go through: it met concurrent writes of the same records on every try. The web app
 * counts it as transient (web/src/lib/query-client.ts), so its check-in queue keeps the call and sends it again.
 */
export class TryAgainError extends AppError {
  constructor(message: string) {
    super('TryAgain', message);
  }
}

/** The call needs something bought first (a team-dashboard purchase); the app leads to the pricing page. */
export class PaymentRequiredError extends AppError {
  constructor(message: string) {
    super('PaymentRequired', message);
  }
}

/** Over a rate limit (a caller's or an address's allowance of an action in its window). */
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super('TooManyRequests', message);
  }
}

/** The errorType AppSync would report for an error thrown by a direct Lambda resolver. */
export function errorTypeOf(error: unknown): string {
  return error instanceof Error && error.name && error.name !== 'Error' ? error.name : 'Lambda:Unhandled';
}
