import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { createResolverHandler, logger, type ResolverEvent } from './appsync';
import { ValidationError, errorTypeOf } from './errors';

const event = (fieldName: string) => ({ info: { parentTypeName: 'Query', fieldName }, arguments: {} }) as unknown as ResolverEvent;

describe('resolver handler errors', () => {
  beforeAll(() => {
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  });

  const handler = createResolverHandler({
    'Query.refused': async () => {
      throw new ValidationError('A title is required.');
    },
    'Query.broken': async () => {
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    },
  });

  it('passes a refusal on with its type and message', async () => {
    const error = await handler(event('refused')).catch((e: unknown) => e);
    expect(errorTypeOf(error)).toBe('ValidationError');
    expect((error as Error).message).toBe('A title is required.');
  });

  it('reports an unexpected failure as Lambda:Unhandled without its internals', async () => {
    const error = await handler(event('broken')).catch((e: unknown) => e);
    expect(errorTypeOf(error)).toBe('Lambda:Unhandled');
    expect((error as Error).message).not.toContain('conditional');
  });
});
