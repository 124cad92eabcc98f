import type { core } from 'zod/mini';
import type { FieldPolicy } from '@core/policy';
import type { AppSyncIdentityCognito } from 'aws-lambda';
import { MAX_ID_LENGTH } from '@core/validation/fields';
import { callerOf, createResolverHandler, type Caller, type FieldResolver, isIamCall, type ResolverEvent } from './appsync';
import { assertMayCall, authorizeTeam, authorizeUser } from './authorization';
import type { RelationStores } from './authorization-relations';
import { UnauthorizedError } from './errors';
import { dynamoFirstReads, type FirstReads, firstReadsThrough } from './first-reads';
import { issuedBySignOut, SIGNED_OUT_MESSAGE } from './signed-out';
import type { MutationResolvers, QueryResolvers, ResolverFn, SubscriptionResolverObject, SubscriptionResolvers } from './gql/schema-types';
import { type BusinessEvent, countRefusal } from './observability';
import { dynamoSignOutStore, type SignOutStore } from './stores/sign-out-store';
import { dynamoTeamStore, type TeamRecord } from './stores/team-store';
import { dynamoUserStore, type UserStore } from './stores/user-store';
import { parseInput } from './validation';

/**
 * One declaration per root field (docs/architecture.md, "Adding a field"): each domain's `fields.ts` says, for every
 * field it serves, who may call it (its policy row), what its arguments must be (a shared zod schema) and how it is
 * resolved. The handler, the resolver map and the policy map are built from these declarations; the resolver gets the
 * caller, the parsed arguments and the authorized subject, so it never names its field or checks its row again.
 */

/** A root field, as "Parent.field". */
export type RootFieldName = `${'Query' | 'Mutation' | 'Subscription'}.${string}`;

/** What a generated resolver type (./gql/schema-types.ts) says a field takes and returns. */
interface Signature<Args, Result> {
  args: Args;
  result: Result;
}
type SignatureOf<Resolver> = Resolver extends ResolverFn<infer Result, any, any, infer Args> ? Signature<Args, Result> : never;
// A subscription field's Lambda runs when a client subscribes, to authorize it; its answer has the field's type (null).
type SubscriptionSignatureOf<Resolver> =
  Resolver extends SubscriptionResolverObject<infer Result, any, any, infer Args> ? Signature<Args, Result> : never;

/** Each root field of schema.graphql, as "Parent.field", with its arguments and result as `npm run codegen` generates them. */
type SchemaFields = {
  [Name in keyof QueryResolvers & string as `Query.${Name}`]-?: SignatureOf<NonNullable<QueryResolvers[Name]>>;
} & {
  [Name in keyof MutationResolvers & string as `Mutation.${Name}`]-?: SignatureOf<NonNullable<MutationResolvers[Name]>>;
} & {
  [Name in keyof SubscriptionResolvers & string as `Subscription.${Name}`]-?: SubscriptionSignatureOf<NonNullable<SubscriptionResolvers[Name]>>;
};

type SchemaFieldName = keyof SchemaFields;

/** What a resolver gets once the call passed its row and its arguments their schema. */
export interface FieldCall<Args> {
  readonly field: RootFieldName;
  /** The field's own name ("submitAnswers"), for audit entries and logs. */
  readonly fieldName: string;
  readonly policy: FieldPolicy;
  /** The arguments as the declaration's schema parsed them (as sent when it declares none). */
  readonly args: Args;
  /** The signed-in caller; a resolver that reads it on a signed-out call refuses the call. */
  readonly caller: Caller;
  /** The signed-in caller, or null on a public-token or IAM call. */
  readonly callerOrNull: Caller | null;
  /** The user a row with a user subject is about (the caller when its argument is left out), authorized. */
  readonly userId: string;
  /** The team a row with a team subject is about, authorized; a resolver that reads it when the argument was left out fails. */
  readonly team: TeamRecord;
  /** The same team, or null when the row's team argument was left out (a field that also works without a team). */
  readonly teamIfGiven: TeamRecord | null;
  readonly event: ResolverEvent;
  /**
   * `users` with the caller's profile as the call's first reads fetched it (a declaration with `readsCallerProfile`):
   * the first `get` of the caller, by any store this gives, is answered from that read; later ones read again.
   */
  withCallerProfile<Users extends Pick<UserStore, 'get'>>(users: Users): Users;
}

export interface FieldDeclaration<Args = Record<string, unknown>, Result = unknown> {
  readonly policy: FieldPolicy;
  /** The argument schema (core/validation); its first issue's message is the caller's error. */
  readonly args?: core.$ZodType<Args>;
  /** A metric counted when the call is refused once its row admitted the caller: bad arguments, or the resolver's refusal. */
  readonly countsRefusalAs?: BusinessEvent;
  /** The resolver reads the caller's profile first: it is fetched with the sign-out and team reads (`withCallerProfile`). */
  readonly readsCallerProfile?: boolean;
  /** Its result type is the field's (FieldDeclarations), never inferred from the body, so the body is checked against it. */
  resolve(call: FieldCall<Args>): Promise<NoInfer<Result>>;
}

/**
 * A domain's declarations, checked against schema.graphql: each key is a root field of the schema, its parsed
 * arguments must fit the field's arguments and its resolver must return the field's result type.
 */
export type FieldDeclarations = {
  readonly [Name in SchemaFieldName]?: FieldDeclaration<SchemaFields[Name]['args'], SchemaFields[Name]['result']>;
};

/**
 * One field's declaration: its arguments' type is its argument schema's output (the field's own arguments when it
 * declares none, as AppSync checked them), its result type the field's.
 */
export const field = <Args = Record<string, unknown>, Result = unknown>(declaration: FieldDeclaration<Args, Result>) => declaration;

/** What the handler needs beside the declarations: the relation lookups and the sign-out check. */
interface FieldHandlerDeps {
  teams: RelationStores;
  /**
   * A signed-in caller's token is refused when its account signed out after the token was issued (AppSync checks only
   * the signature and expiry); null skips that, for a function whose answers are the same for every caller.
   */
  signOuts: SignOutStore | null;
  /** Where the caller's profile is read for a declaration with `readsCallerProfile`. */
  users: Pick<UserStore, 'get'>;
}

/** The tables' stores, whose first reads of a call go out as one request (./first-reads.ts). */
const DYNAMODB_DEPS: FieldHandlerDeps & { firstReads: FirstReads } = {
  teams: dynamoTeamStore,
  signOuts: dynamoSignOutStore,
  users: dynamoUserStore,
  firstReads: dynamoFirstReads,
};

/** The id a row's team argument names, when it could be one (its schema checks it properly once the call is admitted). */
const plausibleId = (value: unknown): string | null => (typeof value === 'string' && value !== '' && value.length <= MAX_ID_LENGTH ? value : null);

/**
 * Hands out stores whose first `get(id)`, across all of them, is answered with `value`, the item as the call's first
 * reads fetched it (nothing to answer when `id` is null); every other `get`, and that one again, reads the store.
 */
function answeringFirstGet<Value>(id: string | null, value: Value) {
  let served = id === null;
  return <Store extends { get(id: string): Promise<Value> }>(store: Store): Store => ({
    ...store,
    get: async (key: string) => {
      if (served || key !== id) return store.get(key);
      served = true;
      return value;
    },
  });
}

function missingSubject(field: string, what: string): never {
  throw new Error(`${field} reads the ${what} of its call, which its policy row does not name.`);
}

/** The argument a row names, which may sit inside an input object ("where.id"). */
const argumentAt = (args: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), args);

async function fieldCall<Args>(
  field: RootFieldName,
  declaration: FieldDeclaration<Args>,
  event: ResolverEvent,
  callerOrNull: Caller | null,
  teams: RelationStores,
  withCallerProfile: FieldCall<Args>['withCallerProfile'],
) {
  const { policy } = declaration;
  const args = declaration.args ? parseInput(declaration.args, event.arguments ?? {}) : (event.arguments as Args);
  const { subject } = policy;
  const subjectArgument = subject.kind === 'user' || subject.kind === 'team' ? argumentAt(args, subject.argument) : undefined;
  const given = typeof subjectArgument === 'string' ? subjectArgument : undefined;
  const requireSignedIn = (): Caller => {
    if (!callerOrNull) throw new UnauthorizedError();
    return callerOrNull;
  };
  let userId: string | null = null;
  let team: TeamRecord | null = null;
  if (subject.kind === 'user') userId = await authorizeUser(policy, requireSignedIn(), given, teams);
  if (subject.kind === 'team' && given !== undefined) team = await authorizeTeam(policy, requireSignedIn(), given, teams);
  const call: FieldCall<Args> = {
    field,
    fieldName: field.slice(field.indexOf('.') + 1),
    policy,
    args,
    get caller() {
      return requireSignedIn();
    },
    callerOrNull,
    get userId() {
      return userId ?? missingSubject(field, 'user');
    },
    get team() {
      return team ?? missingSubject(field, 'team');
    },
    get teamIfGiven() {
      return subject.kind === 'team' ? team : missingSubject(field, 'team');
    },
    event,
    withCallerProfile,
  };
  return call;
}

/**
 * The Lambda handler of a domain's declarations: each call is refused unless its row admits the caller, its arguments
 * are parsed, its subject (user or team) is authorized, and only then resolved. A row whose subject is a journal
 * comment is checked by its resolver, which alone knows the comment's team.
 */
export function createFieldHandler<const Fields extends Readonly<Record<RootFieldName, FieldDeclaration<any>>>>(
  fields: Fields,
  deps: Partial<FieldHandlerDeps> = {},
) {
  const { teams, signOuts, users } = { ...DYNAMODB_DEPS, ...deps };
  // The caller's sign-out and the row's team are read together; stores a test passes are read one request each.
  const firstReads =
    teams === DYNAMODB_DEPS.teams && signOuts === DYNAMODB_DEPS.signOuts && users === DYNAMODB_DEPS.users
      ? DYNAMODB_DEPS.firstReads
      : firstReadsThrough(teams, signOuts, users);
  const resolvers = Object.fromEntries(
    Object.entries(fields).map(([name, declaration]): [string, FieldResolver] => [
      name,
      async (event) => {
        const callerOrNull = callerOf(event);
        const { subject } = declaration.policy;
        const claims =
          callerOrNull && signOuts ? ((event.identity as AppSyncIdentityCognito).claims as Record<string, unknown> | undefined) : undefined;
        const signOutOf = typeof claims?.sub === 'string' ? claims.sub : null;
        const teamId = subject.kind === 'team' ? plausibleId(argumentAt(event.arguments, subject.argument)) : null;
        const profileOf = declaration.readsCallerProfile && callerOrNull ? callerOrNull.sub : null;
        const first = await firstReads({ signOutOf, teamId, profileOf });
        if (claims && issuedBySignOut(claims, first.signedOutAt)) throw new UnauthorizedError(SIGNED_OUT_MESSAGE);
        assertMayCall(declaration.policy, callerOrNull, isIamCall(event));
        const relations = answeringFirstGet(teamId, first.team)(teams);
        const withCallerProfile = answeringFirstGet(profileOf, first.profile);
        const resolve = async () =>
          declaration.resolve(await fieldCall(name as RootFieldName, declaration, event, callerOrNull, relations, withCallerProfile));
        return declaration.countsRefusalAs ? countRefusal(declaration.countsRefusalAs, resolve) : resolve();
      },
    ]),
  );
  return Object.assign(createResolverHandler(resolvers), { declarations: fields });
}
