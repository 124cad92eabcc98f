import { safeParse, type core } from 'zod/mini';
import { quoteForMessage } from '@core/validation/fields';
import { ValidationError } from './errors';

/** No validation message is longer; rules that quote a value cut it, and this is the net under them. */
const MAX_VALIDATION_MESSAGE_LENGTH = 300;

/** Validates resolver input with a shared schema (zod's full build or zod/mini); the first issue's message is the caller's error. */
export function parseInput<T>(schema: core.$ZodType<T>, input: unknown): T {
  const result = safeParse(schema, input);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? 'Invalid input.';
    throw new ValidationError(quoteForMessage(message, MAX_VALIDATION_MESSAGE_LENGTH));
  }
  return result.data;
}
