/**
 * The bad-input harness: every argument of every mutation and query in schema.graphql (read from the schema, so a new
 * field is covered without editing this file) gets values no caller should get stored: wrong types, empty and blank
 * text, 100 KB strings, NUL, right-to-left overrides, lone surrogates, markup, out-of-range numbers and unknown
 * enum-like strings. Each call is made as a caller who may call the field (a fresh gamer, also a director, who owns a team
 * made for the harness), with every other argument valid, so the refusal must come from validation: errorType ValidationError
 * with a short message, no data, and the caller's and the team's items in DynamoDB exactly as they were.
 */
import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { db } from '../../lambdas/lib/db/client';
import { emailClaimItem } from '../../lambdas/lib/stores/account-store';
import { teamPartition, userPartition } from '../../lambdas/lib/db/keys';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { buildAppSyncSchema } from '../../lambdas/schema';
import { LOCAL_CREDENTIALS } from '../../scripts/local/s3';
import { freshEmail, logInAccount, signUpAccount } from '../support/accounts';
import { cognitoClient, DEMO_PASSWORD, graphql, type GraphQLResponse, stackUrls, useStackEnvironment } from '../support/stack';
import { inParallel } from '../support/in-parallel';

jest.setTimeout(180_000);

/** Every generated string carries this, so a stored one is found by a scan of the table. */
const MARKER = 'fgbad';
const PARALLEL_CALLS = 8;
/** What a short error message is; graphql-js alone would quote a 100 KB value in full. */
const MAX_MESSAGE_LENGTH = 500;

type Path = (string | number)[];
interface BadValue {
  label: string;
  value: unknown;
}
interface BadCase {
  operation: 'query' | 'mutation';
  field: string;
  path: Path;
  label: string;
  variables: Record<string, unknown>;
}

/**
 * String leaves that take any well-formed value (tokens and codes, free names, a sign-in password), as every ID does:
 * an unknown but well-formed value is not bad input there, so only the malformed values are sent. Keyed `field.path`.
 */
const WELL_FORMED_IS_VALID = new Set([
  'loginUser.password',
  'signUpUser.data.fullName',
  'refreshToken.accessToken',
  'refreshToken.refreshToken',
  'logInUserWithDiscord.code',
  'logoutUser.refreshToken',
  'createTeam.data.name',
  'createTeam.data.description',
  'updateTeam.data.name',
  'updateTeam.data.description',
  'sendInvite.inviteeName',
  'team.search',
  'createComment.content',
  'updateComment.data.content',
  'getImageUploadUrl.filename',
  // An unknown coupon is an answer (valid: false), not bad input.
  'checkCoupon.couponId',
  'teamWithStats.search',
  'createWeeklyChallenge.data.description',
  'updateWeeklyChallenge.data.description',
  'createVideoRecommendation.data.title',
  'updateVideoRecommendation.data.title',
  'updateVideoRecommendation.data.description',
  'users.where.search',
  'aggregateUser.where.search',
  'updateUser.data.fullName',
  'updateUser.data.username',
  // Video content: titles, names, texts and tags are free text (docs/videos.md).
  ...[
    'createVideo.data.title',
    'createVideo.data.description',
    'updateVideo.data.title',
    'updateVideo.data.description',
    'updateVideo.data.difficulty',
    'updateVideo.data.tags',
  ],
  ...[
    'videos.where.search',
    'aggregateVideo.where.search',
    'videoLibrary.where.search',
    'uploadVideoThumbnail.file.filename',
    'uploadVideoSeriesCoverImage.file.filename',
  ],
  ...['createVideoQuestion.data.text', 'updateVideoQuestion.data.text', 'createVideoInstructor.data.fullName', 'updateVideoInstructor.data.fullName'],
  ...['createVideoSeries.data.name', 'createVideoSeries.data.description', 'updateVideoSeries.data.name', 'updateVideoSeries.data.description'],
  // Filter texts and report coupons: an unknown one matches nothing, which is an answer.
  'findManyPayments.where.search',
  'aggregatePayments.where.search',
  'getPaymentStats.where.search',
  'getGamersFromCoupon.couponId',
  'getTeamsFromCoupon.couponId',
  // Any short text names a promotion.
  'addPromotion.promotionName',
]);
/** The team form's game and avatar are optional and default to empty strings (docs/teams.md, "The team form"). */
const EMPTY_IS_VALID = new Set(['createTeam.data.game', 'createTeam.data.avatar', 'updateTeam.data.game', 'updateTeam.data.avatar']);
/** A video's tags may be emptied, and a list filter with nothing in it lists everything. */
const EMPTY_LIST_OR_OBJECT_IS_VALID = new Set([
  'updateVideo.data.tags',
  ...['videos.where', 'aggregateVideo.where', 'videoLibrary.where'],
  ...['findManyPayments.where', 'aggregatePayments.where', 'getPaymentStats.where'],
]);
/** Any printable password may be an account's password at sign-in, markup included. */
const MARKUP_IS_VALID = new Set(['loginUser.password']);
// Comments are stored as typed and always shown as text: markup is text there (docs/journal.md).
for (const field of ['createComment.content', 'updateComment.data.content']) MARKUP_IS_VALID.add(field);
// So are weekly challenge descriptions (docs/recommendations-and-challenges.md).
for (const field of [
  'createWeeklyChallenge.data.description',
  'updateWeeklyChallenge.data.description',
  'updateVideoRecommendation.data.description',
]) {
  MARKUP_IS_VALID.add(field);
}
// A payments search is only compared with coupons and product ids, never stored or shown.
for (const field of ['findManyPayments.where.search', 'aggregatePayments.where.search', 'getPaymentStats.where.search']) MARKUP_IS_VALID.add(field);

interface Caller {
  email: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
  /** A team the caller owns, made for the harness. */
  teamId: string;
  /** An address with no account: sign-up cases use it, so a sign-up that got through would leave its claim behind. */
  unusedEmail: string;
}

/** A valid value for a leaf, by `field.path` first and then by the argument's own name. */
function validLeaf(caller: Caller, field: string, path: Path): unknown {
  const byPath: Record<string, unknown> = {
    'signUpUser.data.email': caller.unusedEmail,
    'logInUserWithDiscord.code': 'local-authorization-code',
    'logInUserWithDiscord.redirect_uri': `${stackUrls().baseUrl}/auth/login`,
    'upgradeSubscription.where.id': 'coach-performance-monthly',
    'startTrial.where.id': 'coach-performance-monthly',
    // Not the caller's own address (refused: a gamer shares with someone else); ACTIVE shares, STOPPED stops.
    'updateShareFGScore.email': caller.unusedEmail,
    'updateShareFGScore.status': 'ACTIVE',
    'createVideoQuestion.data.type': 'STRING',
    'updateVideoQuestion.data.type': 'STRING',
    'videos.orderBy.field': 'title',
    'updateVideo.data.filename': `videos/${caller.teamId}/source/${randomUUID()}.mp4`,
    'addPromotion.file.name': 'codes.csv',
    'addPromotion.file.content': Buffer.from('code\nHARNESS-CODE-1\n').toString('base64'),
  };
  const byName: Record<string, unknown> = {
    email: caller.email,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    fullName: 'Bad Input Harness',
    code: '123456',
    refreshToken: caller.refreshToken,
    accessToken: caller.accessToken,
    expiresIn: 3600,
    userId: caller.userId,
    teamId: caller.teamId,
    role: 'GAMER',
    questionSlug: 'sleep-quality',
    value: 'good',
    watchedVideos: true,
    timeZone: 'Europe/Berlin',
    checkInId: randomUUID(),
    forDate: '2026-01-07',
    type: 'fgScore',
    pillarSlug: 'sleep',
    date: '2026-01-07',
    startDate: '2026-01-01',
    endDate: '2026-01-07',
    // Left out: a window is given by its dates or by days, not both.
    days: undefined,
    currentDate: '2026-01-07',
    // Left out: a sign-up without an invite (a well-formed code nobody holds is refused as unknown).
    inviteCode: undefined,
    ownerId: caller.userId,
    id: randomUUID(),
    inviteId: randomUUID(),
    inviteeName: 'Bad Input Harness',
    inviteeEmail: caller.unusedEmail,
    name: 'Harness',
    description: 'Bad input harness team',
    game: 'Valorant',
    avatar: '',
    search: 'harness',
    orderBy: 'fullName',
    direction: 'asc',
    take: 5,
    skip: 0,
    content: 'Bad input harness comment',
    answerTo: randomUUID(),
    readinessAlertEmails: true,
    nudges: true,
    roles: 'GAMER',
    subscriptions: 'FG_FREE',
    actorId: caller.userId,
    targetId: caller.userId,
    cursor: undefined,
    username: 'harness',
    preferMetricUnits: true,
    uploadType: 'AVATAR',
    filename: 'avatar.png',
    mimetype: 'image/png',
    maxSizeBytes: 1000,
    key: `avatars/teams/${caller.teamId}/${caller.userId}/${randomUUID()}.png`,
    fileUrl: 'http://127.0.0.1/fitgauge-uploads/avatar.png',
    isTeamAvatar: true,
    couponId: 'WELCOME20',
    product: 'coach-performance-monthly',
    quantity: 1,
    alternatePayment: false,
    change: 'joined',
    status: 'active',
    createdFrom: '2026-01-01',
    createdTo: '2026-01-07',
    paymentFrequency: 'monthly',
    promotionName: 'Harness promotion',
    platform: 'Web',
    at: new Date().toISOString(),
    // A week no other suite posts for; every case here is refused before it could be claimed.
    year: 2050,
    week: 10,
    // A recommendation (of the sleep-quality answer above) takes the title and the unknown videoId below.
    answer: 'terrible',
    title: 'Harness video',
    category: 'yoga',
    pillarCategory: 'mental',
    difficulty: 'easy',
    tags: 'harness',
    instructorId: randomUUID(),
    seriesId: randomUUID(),
    videoId: randomUUID(),
    episode: 1,
    availableFrom: '2026-01-07T00:00:00.000Z',
    selectedThumbnail: `videos/${caller.teamId}/thumbnails/${randomUUID()}.png`,
    coverImage: `series/${caller.teamId}/cover/${randomUUID()}.png`,
    fileExtension: 'mp4',
    enabled: true,
    workflowStatus: 'COMPLETE',
    subType: 'rounds',
    text: 'My Notes',
    defineWatched: true,
    isCreateOrDeleteQuestion: false,
    basic: false,
    frequency: 'DAILY',
    hour: 7,
    channels: 'EMAIL',
    // A device's push subscription: an https endpoint, a P-256 public key (65 bytes) and an auth secret (16 bytes).
    endpoint: 'https://fcm.googleapis.com/fcm/send/harness',
    p256dh: Buffer.alloc(65, 4).toString('base64url'),
    auth: Buffer.alloc(16, 1).toString('base64url'),
    shareId: randomUUID(),
    acceptance: 'ACCEPTED',
    // A coupon link's token: well-formed, held by no claim.
    token: 'harnessTokenHeldByNoClaim0000000000000000',
  };
  const key = [field, ...path].join('.').replace(/\.\d+/g, '');
  const name = String(path.filter((segment) => typeof segment === 'string').at(-1));
  if (key in byPath) return byPath[key];
  if (name in byName) return byName[name];
  throw new Error(`No valid value for ${key}: add one to the harness so its bad values can be sent alone.`);
}

function validValue(caller: Caller, field: string, path: Path, type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [validValue(caller, field, [...path, 0], inner.ofType)];
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields()).map((child) => [child.name, validValue(caller, field, [...path, child.name], child.type)]),
    );
  }
  return validLeaf(caller, field, path);
}

const HUGE = `${MARKER}${'x'.repeat(100_000)}`;

function badStrings(key: string, isId: boolean): BadValue[] {
  const values: BadValue[] = [
    { label: 'a boolean', value: true },
    { label: 'an object', value: { [MARKER]: 1 } },
    { label: 'a fraction', value: 1.5 },
    ...(EMPTY_IS_VALID.has(key) ? [] : [{ label: 'empty', value: '' }]),
    { label: 'only spaces', value: '   ' },
    { label: 'only zero-width characters', value: '\u200b\u200b\ufeff' },
    { label: '100 KB', value: HUGE },
    { label: 'NUL', value: `${MARKER}\u0000x` },
    { label: 'a control character', value: `${MARKER}\u0007x` },
    { label: 'a right-to-left override', value: `\u202e${MARKER}` },
    { label: 'a lone surrogate', value: `${MARKER}\ud800` },
  ];
  if (!MARKUP_IS_VALID.has(key)) values.push({ label: 'markup', value: `<script>alert("${MARKER}")</script>` });
  if (!isId && !WELL_FORMED_IS_VALID.has(key)) values.push({ label: 'an unknown value', value: `${MARKER.toUpperCase()}_UNKNOWN_VALUE` });
  return values;
}

const BAD_INTS: BadValue[] = [
  { label: '-1', value: -1 },
  { label: 'the largest Int', value: 2_147_483_647 },
  { label: 'beyond Int', value: 2_147_483_648 },
  { label: 'a fraction', value: 1.5 },
  { label: 'a string', value: MARKER },
];
const BAD_BOOLEANS: BadValue[] = [
  { label: 'a string', value: MARKER },
  { label: 'a number', value: 1 },
];

/** Bad values for the value at `path` (its own, then its parts'), each with the path it replaces. */
function badValuesAt(caller: Caller, field: string, path: Path, type: GraphQLInputType): { path: Path; bad: BadValue }[] {
  const at = (bad: BadValue) => ({ path, bad });
  const own: BadValue[] = isNonNullType(type) ? [{ label: 'null', value: null }] : [];
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const element = validValue(caller, field, [...path, 0], inner.ofType);
    const key = [field, ...path].join('.').replace(/\.\d+/g, '');
    if (!EMPTY_LIST_OR_OBJECT_IS_VALID.has(key)) own.push({ label: 'an empty list', value: [] });
    own.push({ label: '1,000 items', value: Array.from({ length: 1000 }, () => element) });
    return [...own.map(at), ...badValuesAt(caller, field, [...path, 0], inner.ofType)];
  }
  if (isInputObjectType(inner)) {
    const valid = validValue(caller, field, path, inner) as Record<string, unknown>;
    own.push({ label: 'a string', value: MARKER }, { label: 'an unknown field', value: { ...valid, [MARKER]: 'x' } });
    if (!EMPTY_LIST_OR_OBJECT_IS_VALID.has([field, ...path].join('.'))) own.push({ label: 'an empty object', value: {} });
    const parts = Object.values(inner.getFields()).flatMap((child) => badValuesAt(caller, field, [...path, child.name], child.type));
    return [...own.map(at), ...parts];
  }
  if (isEnumType(inner)) {
    own.push({ label: 'an unknown value', value: MARKER.toUpperCase() }, { label: 'a number', value: 42 });
    // Enums spelled in capitals refuse lower case; the spec's own lower-case enums (sort direction asc, desc) do not.
    const first = inner.getValues()[0].name;
    if (first !== first.toLowerCase()) own.push({ label: 'lower case', value: first.toLowerCase() });
  } else if (inner.name === 'Int') own.push(...BAD_INTS);
  else if (inner.name === 'Boolean') own.push(...BAD_BOOLEANS);
  else own.push(...badStrings([field, ...path].join('.').replace(/\.\d+/g, ''), inner.name === 'ID'));
  return own.map(at);
}

function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

function casesOf(caller: Caller, operation: BadCase['operation'], field: GraphQLField<unknown, unknown>): BadCase[] {
  const valid = Object.fromEntries(field.args.map((arg) => [arg.name, validValue(caller, field.name, [arg.name], arg.type)]));
  return field.args.flatMap((arg) =>
    badValuesAt(caller, field.name, [arg.name], arg.type).map(({ path, bad }) => ({
      operation,
      field: field.name,
      path,
      label: `${field.name}(${path.join('.')}) = ${bad.label}`,
      variables: withValueAt(valid, path, bad.value) as Record<string, unknown>,
    })),
  );
}

function operationOf(operation: BadCase['operation'], field: GraphQLField<unknown, unknown>): string {
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isObjectType(getNamedType(field.type)) ? '{ __typename }' : '';
  return `${operation} BadInput(${definitions}) { ${field.name}(${args}) ${selection} }`;
}

/** Signed-in callers use their token; fields open only to the public token get the key, server-only ones (@aws_iam) a signature. */
function authFor(field: GraphQLField<unknown, unknown>, caller: Caller) {
  const directives = field.astNode?.directives?.map((directive) => directive.name.value) ?? [];
  const publicOnly = directives.includes('aws_lambda') && !directives.includes('aws_cognito_user_pools');
  if (directives.includes('aws_iam') && !directives.includes('aws_cognito_user_pools')) return { iam: LOCAL_CREDENTIALS };
  return publicOnly ? { publicToken: true as const } : { token: caller.accessToken };
}

/** The items a refused call could have touched: the caller's and the team's partitions and the unused address's claim. */
async function touchedItems(caller: Caller): Promise<Record<string, unknown>[]> {
  const partitions = [
    userPartition(caller.userId),
    teamPartition(caller.teamId),
    emailClaimItem.key(caller).pk,
    emailClaimItem.key({ email: caller.unusedEmail }).pk,
  ];
  const pages = await Promise.all(
    partitions.map((pk) =>
      db().send(new QueryCommand({ TableName: stackUrls().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } })),
    ),
  );
  return pages.flatMap((page) => page.Items ?? []);
}

/** Items anywhere in the table holding a generated value (a Scan is fine in a test). */
async function itemsWithMarker(): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: stackUrls().tableName, ExclusiveStartKey: start }));
    found.push(...(page.Items ?? []).filter((item) => JSON.stringify(item).toLowerCase().includes(MARKER)));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

/** Why a response is not a clean validation refusal, or null when it is. */
function problemOf(field: string, response: GraphQLResponse<Record<string, unknown>>): string | null {
  const [error] = response.errors ?? [];
  if (!error) return `accepted (status ${response.status})`;
  if (error.errorType !== 'ValidationError') return `${String(error.errorType)}: ${error.message.slice(0, 120)}`;
  if (!/\S/.test(error.message) || error.message.length > MAX_MESSAGE_LENGTH) return `message of ${error.message.length} characters`;
  if (response.data?.[field] != null) return 'returned data';
  return null;
}

async function addToGroup(userId: string, group: string): Promise<void> {
  const cognito = cognitoClient();
  try {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: stackUrls().userPoolId, Username: userId, GroupName: group }));
  } finally {
    cognito.destroy();
  }
}

describe('bad-input harness', () => {
  let caller: Caller;

  beforeAll(async () => {
    useStackEnvironment();
    const email = freshEmail('bad-input');
    const signedUp = await signUpAccount(email, 'Bad Input Harness');
    // A gamer who is also a director and an admin may call every field (check-ins, team creation, the admin pages).
    await addToGroup(signedUp.user.id, 'DIRECTOR');
    await addToGroup(signedUp.user.id, 'ADMIN');
    const grant = await logInAccount(email);
    const at = new Date().toISOString();
    const team = {
      id: randomUUID(),
      name: 'Bad Input Harness',
      description: '',
      game: '',
      avatar: '',
      ownerId: grant.user.id,
      createdAt: at,
      updatedAt: at,
    };
    await dynamoTeamStore.create(team);
    caller = {
      email,
      userId: grant.user.id,
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      teamId: team.id,
      unusedEmail: freshEmail('bad-input-unused'),
    };
  });

  it('refuses every bad value of every mutation and query argument with a validation error and changes nothing', async () => {
    const schema = buildAppSyncSchema();
    const fieldsOf = (operation: BadCase['operation'], type: GraphQLObjectType) =>
      Object.values(type.getFields()).map((field) => ({ operation, field }));
    const fields = [...fieldsOf('mutation', schema.getMutationType()!), ...fieldsOf('query', schema.getQueryType()!)];
    const cases = fields.flatMap(({ operation, field }) => casesOf(caller, operation, field).map((badCase) => ({ badCase, field })));
    const argumentsCovered = new Set(cases.map(({ badCase }) => `${badCase.field}.${badCase.path[0]}`));
    const allArguments = fields.flatMap(({ field }) => field.args.map((arg) => `${field.name}.${arg.name}`));
    expect(allArguments.filter((arg) => !argumentsCovered.has(arg))).toEqual([]);

    const before = await touchedItems(caller);
    expect(before.map((item) => item.sk)).toEqual(expect.arrayContaining(['PROFILE', 'CLAIM', 'TEAM']));

    const failures = (
      await inParallel(cases, PARALLEL_CALLS, async ({ badCase, field }) => {
        const response = await graphql<Record<string, unknown>>(operationOf(badCase.operation, field), badCase.variables, authFor(field, caller));
        const problem = problemOf(field.name, response);
        return problem && `${badCase.label}: ${problem}`;
      })
    ).filter(Boolean);
    console.log(`bad-input harness: ${cases.length} cases`);

    expect(failures).toEqual([]);
    expect(await touchedItems(caller)).toEqual(before);
    expect(await itemsWithMarker()).toEqual([]);
  });
});
