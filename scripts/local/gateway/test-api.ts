/** A small API for the gateway's own tests: every AppSync auth rule the real schema uses, and a few more. */
import { createResolverHandler, type ResolverEvent } from '../../../lambdas/lib/appsync';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../../lambdas/lib/errors';

const testSchema = /* GraphQL */ `
  schema {
    query: Query
    mutation: Mutation
    subscription: Subscription
  }

  type Info @aws_lambda @aws_cognito_user_pools {
    message: String!
  }

  type Author {
    name: String!
    mentor: Author
  }

  type Note @aws_lambda @aws_cognito_user_pools {
    id: ID!
    boardId: ID!
    text: String!
    author: Author
    secret: String @aws_cognito_user_pools(cognito_groups: ["ADMIN"])
  }

  type Query {
    publicInfo: Info @aws_lambda
    anyone: Info @aws_lambda @aws_cognito_user_pools
    whoAmI: String
    adminStats: Info @aws_cognito_user_pools(cognito_groups: ["ADMIN", "SUPERADMIN"])
    note: Note @aws_lambda @aws_cognito_user_pools
    fail(kind: String!): Info @aws_lambda @aws_cognito_user_pools
    echoTime(at: AWSDateTime!): AWSDateTime @aws_lambda @aws_cognito_user_pools
    badTime: AWSDateTime @aws_lambda @aws_cognito_user_pools
    echoJson(value: AWSJSON!): AWSJSON @aws_lambda @aws_cognito_user_pools
  }

  type Mutation {
    addNote(boardId: ID!, text: String!): Note @aws_lambda @aws_cognito_user_pools
  }

  type Subscription {
    onNoteAdded(boardId: ID): Note @aws_subscribe(mutations: ["addNote"]) @aws_lambda @aws_cognito_user_pools
    onAdminNote: Note @aws_subscribe(mutations: ["addNote"]) @aws_cognito_user_pools(cognito_groups: ["ADMIN"])
  }
`;

/** Every event the test Lambda received, newest last. */
export const receivedEvents: ResolverEvent<any, any>[] = [];
let nextNoteId = 1;

const info = (message: string) => async () => ({ message });
const note = { id: 'n0', boardId: 'b0', text: 'hello', author: { name: 'Ada' }, secret: 'classified' };

const testHandler = createResolverHandler({
  'Query.publicInfo': info('public'),
  'Query.anyone': info('anyone'),
  'Query.whoAmI': async (event) => (event.identity as { sub?: string } | null)?.sub ?? 'nobody',
  'Query.adminStats': info('stats'),
  'Query.note': async () => note,
  'Query.fail': async (event) => {
    const errors: Record<string, Error> = {
      validation: new ValidationError('Text is too long.'),
      notFound: new NotFoundError('No such note.'),
      conflict: new ConflictError('That title is taken.'),
      unauthorized: new UnauthorizedError(),
      plain: new Error('database exploded'),
    };
    throw errors[event.arguments.kind] ?? new Error('unknown kind');
  },
  'Query.echoTime': async (event) => event.arguments.at,
  'Query.badTime': async () => '2024-13-45 noon',
  'Query.echoJson': async (event) => ({ received: event.arguments.value, type: typeof event.arguments.value }),
  'Mutation.addNote': async (event) => ({
    id: `n${nextNoteId++}`,
    boardId: event.arguments.boardId,
    text: event.arguments.text,
    author: { name: 'Ada' },
    secret: 'classified',
  }),
  'Subscription.onNoteAdded': async (event) => {
    if (event.arguments.boardId === 'forbidden') throw new UnauthorizedError('You cannot follow that board.');
    return null;
  },
  'Subscription.onAdminNote': async () => null,
});

/** Options that make a gateway serve the test API through the test Lambda. */
export const testApiOptions = {
  schemaSource: testSchema,
  resolverMap: Object.fromEntries(testHandler.fields.map((field) => [field, 'test'])),
  loadHandler: async () => async (event: ResolverEvent<any, any>) => {
    receivedEvents.push(event);
    return testHandler(event);
  },
};
