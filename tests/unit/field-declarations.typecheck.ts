/**
 * Type tests of the declarations (docs/architecture.md, "Adding a field"), compiled by `npm run typecheck`, never run:
 * a declaration whose resolver returns what its schema.graphql field cannot return, or whose argument schema parses
 * what its field's arguments cannot be, or whose key is not a root field, does not compile. Each `@ts-expect-error`
 * fails the typecheck if the line below it compiles.
 */
import { z } from 'zod';
import { ANYONE, TEAM_OWNER } from '@core/policy';
import { field, type FieldDeclarations } from '../../lambdas/lib/fields';

const time = '2026-11-27T10:00:00.000Z';

export const fitTheSchema = {
  'Query.health': field({ policy: ANYONE, resolve: async () => ({ status: 'ok', version: '1.0.0', time }) }),
  // Without an argument schema the resolver gets the field's own arguments; an enum's value needs no cast.
  'Query.verifyTeamSubscription': field({ policy: TEAM_OWNER, resolve: async ({ args }) => ({ id: args.teamId, status: 'active' }) }),
  // A narrower argument schema (a bounded string, no optional arguments) fits the field's arguments.
  'Query.team': field({ policy: TEAM_OWNER, args: z.object({ teamId: z.string().max(64) }), resolve: async () => null }),
} satisfies FieldDeclarations;

export const wrongResults = {
  'Query.health': field({
    policy: ANYONE,
    // @ts-expect-error version is a String!, not a number.
    resolve: async () => ({ status: 'ok', version: 1, time }),
  }),
  'Query.verifyTeamSubscription': field({
    policy: TEAM_OWNER,
    // @ts-expect-error status is a TeamSubscriptionStatus: active or inActive.
    resolve: async ({ args }) => ({ id: args.teamId, status: 'running' }),
  }),
  'Mutation.forgotPassword': field({
    policy: ANYONE,
    // @ts-expect-error forgotPassword is a Boolean!: undefined (or null) would fail the whole call.
    resolve: async () => undefined,
  }),
} satisfies FieldDeclarations;

export const missingField = {
  'Query.health': field({
    policy: ANYONE,
    // @ts-expect-error time is an AWSDateTime!, which the resolver leaves out.
    resolve: async () => ({ status: 'ok', version: '1.0.0' }),
  }),
} satisfies FieldDeclarations;

export const wrongArguments = {
  // @ts-expect-error teamId is an ID! (a string); a schema that parses a number does not fit it.
  'Query.team': field({ policy: TEAM_OWNER, args: z.object({ teamId: z.number() }), resolve: async () => null }),
} satisfies FieldDeclarations;

export const unknownField = {
  // @ts-expect-error schema.graphql has no Query.teams.
  'Query.teams': field({ policy: TEAM_OWNER, resolve: async () => [] }),
} satisfies FieldDeclarations;
