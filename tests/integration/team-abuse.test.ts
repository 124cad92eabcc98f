/**
 * Issue 24 against the local stack: a team code reaches nobody but the team's staff and the invited mailbox (every read
 * an unproven invitee may make, generated from schema.graphql, carries none), invite mails are limited per sender and
 * per address a day and carry no link in a name, and a team avatar is only an image uploaded through the product.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';
import { INVITES_PER_ADDRESS_PER_DAY, INVITES_PER_SENDER_PER_DAY, TEAM_MESSAGES } from '@core/teams';
import { MESSAGES } from '@core/auth/validation';
import { config } from '../../lambdas/lib/config';
import { db } from '../../lambdas/lib/db/client';
import { userItem } from '../../lambdas/lib/stores/user-store';
import { buildAppSyncSchema } from '../../lambdas/schema';
import { accountWithRole, freshEmail, type RoleAccount } from '../support/accounts';
import { inParallel } from '../support/in-parallel';
import { addDashboardPurchase } from '../support/purchases';
import { DEMO_PASSWORD, graphql, readOutbox, useStackEnvironment, waitForMail } from '../support/stack';

jest.setTimeout(180_000);

const CREATE = `mutation($data: TeamInput!) { createTeam(data: $data) { id avatar } }`;
const UPDATE = `mutation($teamId: ID!, $data: TeamUpdateInput!) { updateTeam(teamId: $teamId, data: $data) { id avatar } }`;
const SEND = `mutation($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) {
  sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) { id } }`;
const DELETE_INVITE = `mutation($id: ID!, $teamId: ID!) { deleteTeamInvite(id: $id, teamId: $teamId) }`;
const CODES = `query($teamId: ID!) { getTeamCodes(teamId: $teamId) { code email inviteId } }`;
const JOIN = `mutation($code: String!) { joinTeamWithCode(code: $code) { id } }`;
const EXPORT = `query { myDataExport { sections { name records } } }`;
const SIGN_UP = `mutation($data: SignUpData!, $password: String!, $confirmPassword: String!, $role: Role, $inviteCode: String) {
  signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword, role: $role, inviteCode: $inviteCode) { id accessToken } }`;

type Variables = Record<string, unknown>;
const call = (who: Pick<RoleAccount, 'token'>, query: string, variables: Variables = {}) => graphql(query, variables, { token: who.token });

async function ok(who: Pick<RoleAccount, 'token'>, query: string, variables: Variables = {}) {
  const { data, errors } = await call(who, query, variables);
  expect(errors).toBeUndefined();
  return data!;
}

async function refusal(who: Pick<RoleAccount, 'token'>, query: string, variables: Variables = {}) {
  const { errors } = await call(who, query, variables);
  return { errorType: errors?.[0]?.errorType, message: errors?.[0]?.message };
}

async function signUp(email: string, fullName = 'Invited Person', extra: Variables = {}) {
  return graphql(SIGN_UP, { data: { fullName, email }, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, ...extra }, { publicToken: true });
}

async function signUpWith(email: string): Promise<RoleAccount> {
  const { data, errors } = await signUp(email);
  expect(errors).toBeUndefined();
  return { id: data!.signUpUser.id, email, token: data!.signUpUser.accessToken };
}

async function createTeam(director: RoleAccount, name: string): Promise<string> {
  await addDashboardPurchase(director.id);
  return (await ok(director, CREATE, { data: { name, description: 'Made by the team abuse test', game: 'Fortnite' } })).createTeam.id;
}

const today = new Date().toISOString().slice(0, 10);

/** A value of an argument's type that passes GraphQL's checks: the attacker's own ids, the team's id for team ids. */
function sampleValue(name: string, type: GraphQLInputType, ids: { userId: string; teamId: string; email: string }): unknown {
  if (isNonNullType(type)) return sampleValue(name, type.ofType, ids);
  if (isListType(type)) return [sampleValue(name, type.ofType as GraphQLInputType, ids)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sampleValue(field.name, field.type, ids)]),
    );
  }
  switch (getNamedType(type).name) {
    case 'ID':
      return /team/i.test(name) ? ids.teamId : ids.userId;
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'AWSDate':
      return today;
    case 'AWSDateTime':
      return new Date().toISOString();
    case 'AWSEmail':
      return ids.email;
    case 'AWSJSON':
      return '{}';
    default:
      return /team/i.test(name) ? ids.teamId : 'x';
  }
}

/** Every field of the type without required arguments, objects to `depth` levels (a cycle ends where the depth does). */
function selectionOf(type: GraphQLNamedType, depth: number): string {
  if (isUnionType(type))
    return `{ __typename ${type
      .getTypes()
      .map((member) => `... on ${member.name} ${selectionOf(member, depth)}`)
      .join(' ')} }`;
  if (!isObjectType(type) && !isInterfaceType(type)) return '';
  const fields = Object.values(type.getFields()).filter((field) =>
    field.args.every((arg) => !isNonNullType(arg.type) || arg.defaultValue !== undefined),
  );
  const parts = fields.flatMap((field) => {
    const named = getNamedType(field.type);
    if (isScalarType(named) || isEnumType(named)) return [field.name];
    return depth > 0 ? [`${field.name} ${selectionOf(named, depth - 1)}`] : [];
  });
  return `{ __typename ${parts.join(' ')} }`;
}

function readOf(field: GraphQLField<unknown, unknown>, ids: { userId: string; teamId: string; email: string }) {
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const query = `query Read${definitions ? `(${definitions})` : ''} { ${field.name}${args ? `(${args})` : ''} ${selectionOf(getNamedType(field.type), 3)} }`;
  const variables = Object.fromEntries(field.args.map((arg) => [arg.name, sampleValue(arg.name, arg.type, ids)]));
  return { query, variables };
}

/** Paths from the Query and Subscription roots to the given type (one level of path per field). */
function pathsTo(target: string): string[] {
  const schema = buildAppSyncSchema();
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (type: GraphQLObjectType, path: string) => {
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (named.name === target) found.add(`${path}.${field.name}`);
      if (isObjectType(named) && !seen.has(named.name)) {
        seen.add(named.name);
        walk(named, `${path}.${field.name}`);
      }
    }
  };
  walk(schema.getQueryType()!, 'Query');
  walk(schema.getSubscriptionType()!, 'Subscription');
  return [...found].sort();
}

let director: RoleAccount;

beforeAll(async () => {
  useStackEnvironment();
  director = await accountWithRole('DIRECTOR', 'abuse.director', 'Dana Abuse');
});

describe('a team code reaches only the team staff and the invited mailbox (issue 24, item 1)', () => {
  it('no type a signed-in reader reaches holds a team code but TeamCode, and only getTeamCodes (staff) answers one', () => {
    expect(pathsTo('TeamCode')).toEqual(['Query.getTeamCodes']);
  });

  it("an unproven account on the invitee's e-mail finds no code or foreign secret in any read it may make", async () => {
    const teamId = await createTeam(director, 'Secret Keepers');
    const victim = freshEmail('abuse.victim');
    await ok(director, SEND, { teamId, inviteeName: 'Victim', inviteeEmail: victim, role: 'COACH' });
    const otherInvitee = freshEmail('abuse.other');
    await ok(director, SEND, { teamId, inviteeName: 'Other', inviteeEmail: otherInvitee, role: 'GAMER' });
    const codes: { code: string; email: string }[] = (await ok(director, CODES, { teamId })).getTeamCodes;
    expect(codes).toHaveLength(2);
    const attacker = await signUpWith(victim);

    const schema = buildAppSyncSchema();
    const reads = Object.values(schema.getQueryType()!.getFields()).filter((field) => {
      const directives = field.astNode?.directives?.map((directive) => directive.name.value) ?? [];
      return !(directives.includes('aws_iam') || directives.includes('aws_lambda')) || directives.includes('aws_cognito_user_pools');
    });
    const ids = { userId: attacker.id, teamId, email: attacker.email };
    const answers = await inParallel(reads, 4, async (field) => {
      const { query, variables } = readOf(field, ids);
      const response = await call(attacker, query, variables);
      return { field: field.name, response, text: JSON.stringify(response).toUpperCase() };
    });
    // The reads ran (a selection GraphQL refused would prove nothing): no validation error of the query itself.
    expect(
      answers.filter(({ response }) =>
        response.errors?.some((error) => /Validation error of type|FieldUndefined|Cannot query field/.test(error.message ?? '')),
      ),
    ).toEqual([]);
    expect(answers.find(({ field }) => field === 'myDataExport')?.response.data?.myDataExport).toBeTruthy();
    expect(answers.find(({ field }) => field === 'me')?.response.data?.me).toMatchObject({ id: attacker.id, emailVerified: false });
    const leaks = answers.flatMap(({ field, text }) =>
      codes.filter(({ code }) => text.includes(code)).map(({ email }) => `${field} shows the code mailed to ${email}`),
    );
    expect(leaks).toEqual([]);
    // Nor anything else of the team: its name, the other invitee's address, the director's address.
    const foreign = [`"SECRET KEEPERS"`, otherInvitee.toUpperCase(), director.email.toUpperCase()];
    expect(
      answers.flatMap(({ field, text }) => foreign.filter((secret) => text.includes(secret)).map((secret) => `${field} shows ${secret}`)),
    ).toEqual([]);
    // Nothing of the invite reaches him at all: its team id is no business of an unproven e-mail.
    const exported = answers
      .find(({ field }) => field === 'myDataExport')!
      .response.data!.myDataExport.sections.map((section: { name: string }) => section.name);
    expect(exported).not.toContain('Invite');
    expect(await refusal(attacker, JOIN, { code: 'ZZZZ2222' })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.codeNotFound });
    expect(await refusal(attacker, `query($teamId: ID!) { teamWithStats(teamId: $teamId) { id } }`, { teamId })).toMatchObject({
      errorType: 'Unauthorized',
    });
  });

  it('the proven invitee exports his invite without its code; another account holding the code cannot join with it', async () => {
    const teamId = await createTeam(director, 'Exported');
    const email = freshEmail('abuse.proven');
    const since = new Date();
    await ok(director, SEND, { teamId, inviteeName: 'Proven', inviteeEmail: email, role: 'GAMER' });
    const [{ code }] = (await ok(director, CODES, { teamId })).getTeamCodes;
    expect((await waitForMail(email, since)).text).toContain(code);
    const stranger = await accountWithRole('GAMER', 'abuse.stranger');
    expect(await refusal(stranger, JOIN, { code })).toEqual({ errorType: 'Unauthorized', message: TEAM_MESSAGES.codeForAnotherEmail });

    const { data, errors } = await signUp(email, 'Proven Invitee', { inviteCode: code });
    expect(errors).toBeUndefined();
    const invitee = { token: data!.signUpUser.accessToken };
    const sections: { name: string; records: string }[] = (await ok(invitee, EXPORT)).myDataExport.sections;
    const invites = JSON.parse(sections.find((section) => section.name === 'Invite')!.records);
    expect(invites).toEqual([expect.objectContaining({ teamId, inviteeEmail: email, status: 'PENDING' })]);
    expect(Object.keys(invites[0]).sort()).toEqual([
      'createdAt',
      'id',
      'inviteeEmail',
      'inviteeName',
      'inviterUserId',
      'role',
      'status',
      'teamId',
      'updatedAt',
    ]);
    expect(JSON.stringify(sections).toUpperCase()).not.toContain(code);
  });
});

describe('invite mails are no free relay (issue 24, item 3)', () => {
  it(`mails one address at most ${INVITES_PER_ADDRESS_PER_DAY} invites a day, even when the invite is deleted and sent again`, async () => {
    const sender = await accountWithRole('DIRECTOR', 'abuse.resender');
    const teamId = await createTeam(sender, 'Resenders');
    const target = freshEmail('abuse.target');
    for (let sent = 0; sent < INVITES_PER_ADDRESS_PER_DAY; sent += 1) {
      const { id } = (await ok(sender, SEND, { teamId, inviteeName: 'Target', inviteeEmail: target, role: 'GAMER' })).sendInvite;
      await ok(sender, DELETE_INVITE, { id, teamId });
    }
    expect(await refusal(sender, SEND, { teamId, inviteeName: 'Target', inviteeEmail: target, role: 'GAMER' })).toEqual({
      errorType: 'Conflict',
      message: `This e-mail address was sent ${INVITES_PER_ADDRESS_PER_DAY} invites today, the most it gets in a day. Please try again tomorrow.`,
    });
    // Another director counts against the same address.
    const other = await accountWithRole('DIRECTOR', 'abuse.other');
    const otherTeam = await createTeam(other, 'Others');
    expect(await refusal(other, SEND, { teamId: otherTeam, inviteeName: 'Target', inviteeEmail: target.toUpperCase(), role: 'GAMER' })).toMatchObject(
      {
        message: TEAM_MESSAGES.invitesPerAddressPerDay,
      },
    );
    expect(await readOutbox(target)).toHaveLength(INVITES_PER_ADDRESS_PER_DAY);
  });

  it(`lets one sender send at most ${INVITES_PER_SENDER_PER_DAY} invites a day`, async () => {
    const sender = await accountWithRole('DIRECTOR', 'abuse.bulk');
    const teamId = await createTeam(sender, 'Bulk');
    const addresses = Array.from({ length: INVITES_PER_SENDER_PER_DAY + 2 }, () => freshEmail('abuse.bulk.to'));
    const results = await inParallel(addresses, 4, (address) =>
      call(sender, SEND, { teamId, inviteeName: 'Bulk', inviteeEmail: address, role: 'GAMER' }),
    );
    expect(results.filter((result) => !result.errors)).toHaveLength(INVITES_PER_SENDER_PER_DAY);
    expect(results.flatMap((result) => result.errors ?? []).map((error) => [error.errorType, error.message])).toEqual([
      ['Conflict', 'You can send at most 50 invites a day. Please try again tomorrow.'],
      ['Conflict', 'You can send at most 50 invites a day. Please try again tomorrow.'],
    ]);
    const recipients = new Set((await readOutbox()).map((mail) => mail.to.toLowerCase()));
    expect(addresses.filter((address) => recipients.has(address))).toHaveLength(INVITES_PER_SENDER_PER_DAY);
  });

  it('names with a link are refused where they are typed, and a stored one never reaches a mail; the subject names only the team', async () => {
    const lure = 'FitGauge Security: account locked, verify now at https://evil.example/verify';
    expect((await signUp(freshEmail('abuse.lure'), lure)).errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: MESSAGES.fullNameLink,
    });
    expect((await signUp(freshEmail('abuse.lure'), 'Support evil。example')).errors?.[0]).toMatchObject({ message: MESSAGES.fullNameLink });
    await addDashboardPurchase(director.id);
    expect(await refusal(director, CREATE, { data: { name: 'evil.example', description: 'Lure', game: '' } })).toEqual({
      errorType: 'ValidationError',
      message: 'Name must not contain a web address, a domain or an e-mail address.',
    });
    const teamId = await createTeam(director, 'Fair Names');
    expect(
      await refusal(director, SEND, { teamId, inviteeName: 'see www.evil.example', inviteeEmail: freshEmail('abuse.n'), role: 'GAMER' }),
    ).toMatchObject({
      errorType: 'ValidationError',
      message: 'Name must not contain a web address, a domain or an e-mail address.',
    });

    // A name stored before the rule (or a Discord name) stays out of the mail.
    const legacy = await accountWithRole('DIRECTOR', 'abuse.legacy');
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: userItem.key(legacy),
        UpdateExpression: 'SET fullName = :name',
        ExpressionAttributeValues: { ':name': lure },
      }),
    );
    const legacyTeam = await createTeam(legacy, 'Plain Team');
    const to = freshEmail('abuse.reader');
    const since = new Date();
    await ok(legacy, SEND, { teamId: legacyTeam, inviteeName: 'Reader', inviteeEmail: to, role: 'GAMER' });
    const mail = await waitForMail(to, since);
    expect(mail.subject).toBe('Invitation to join the team "Plain Team" on FitGauge');
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/evil|Security/);
    expect(mail.text).toContain('A team member invited you to join the team "Plain Team" on FitGauge as a Gamer.');
  });
});

describe('a team avatar is only an image uploaded through the product (issue 24, item 8)', () => {
  it('refuses an address of another site, on creation and on update, and keeps or removes the current avatar', async () => {
    await addDashboardPurchase(director.id);
    const pixel = 'https://evil.example/pixel.gif';
    expect(await refusal(director, CREATE, { data: { name: 'Tracked', description: 'Pixel', game: '', avatar: pixel } })).toEqual({
      errorType: 'ValidationError',
      message: TEAM_MESSAGES.avatarNotUploaded,
    });
    const teamId = await createTeam(director, 'Avatars');
    expect(await refusal(director, UPDATE, { teamId, data: { avatar: pixel } })).toEqual({
      errorType: 'ValidationError',
      message: TEAM_MESSAGES.avatarNotUploaded,
    });
    // An upload's path on another host is not an upload of the product either.
    const lookAlike = `https://evil.example/avatars/teams/${teamId}/${director.id}/0b1c9e9a-1111-4222-8333-444455556666.png`;
    expect(await refusal(director, UPDATE, { teamId, data: { avatar: lookAlike } })).toEqual({
      errorType: 'ValidationError',
      message: TEAM_MESSAGES.avatarNotUploaded,
    });
    await addDashboardPurchase(director.id);
    expect(await refusal(director, CREATE, { data: { name: 'Tracked', description: 'Pixel', game: '', avatar: lookAlike } })).toEqual({
      errorType: 'ValidationError',
      message: TEAM_MESSAGES.avatarNotUploaded,
    });
    expect((await ok(director, UPDATE, { teamId, data: { avatar: '' } })).updateTeam.avatar).toBe('');
  });
});
