/**
 * Realtime member changes on the running local stack: a subscriber to onTeamMembersChanged(teamId) hears a member who
 * joins (acceptInvite, joinTeamWithCode) or leaves (leaveTeam, removeTeamMember), and a deleted team, through the teams Lambda's signed
 * publish mutation; a subscriber of another team hears nothing, an outsider is refused, and a publish signed with other
 * credentials than the functions' is refused. Teams and accounts are made fresh here.
 */
import { randomUUID } from 'node:crypto';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import type { RealtimeClient } from '../../scripts/local/gateway/test-kit';
import { startSubscription } from '../support/realtime';
import { accountWithRole, type RoleAccount } from '../support/accounts';
import { graphql, useStackEnvironment } from '../support/stack';

jest.setTimeout(60_000);

const SUBSCRIBE = 'subscription ($teamId: ID!) { onTeamMembersChanged(teamId: $teamId) { teamId userId change at } }';
const SEND = `mutation($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) {
  sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) { id } }`;
const ACCEPT = 'mutation($inviteId: ID!) { acceptInvite(inviteId: $inviteId) { id status } }';
const CODES = 'query($teamId: ID!) { getTeamCodes(teamId: $teamId) { code email } }';
const JOIN = 'mutation($code: String!) { joinTeamWithCode(code: $code) { id } }';
const LEAVE = 'mutation($teamId: ID) { leaveTeam(teamId: $teamId) { id } }';
const REMOVE = 'mutation($userId: ID!, $teamId: ID!) { removeTeamMember(userId: $userId, teamId: $teamId) }';
const DELETE = 'mutation($teamId: ID!) { deleteTeam(teamId: $teamId) { id } }';
const PUBLISH = `mutation($teamId: ID!, $userId: ID, $change: TeamMembersChangeKind!, $at: AWSDateTime!) {
  publishTeamMembersChanged(teamId: $teamId, userId: $userId, change: $change, at: $at) { teamId userId change at } }`;

const clients: RealtimeClient[] = [];
let director: RoleAccount;

async function ok(who: RoleAccount, query: string, variables: Record<string, unknown>) {
  const { data, errors } = await graphql(query, variables, { token: who.token });
  expect(errors).toBeUndefined();
  return data!;
}

async function teamOf(owner: RoleAccount): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await dynamoTeamStore.create({
    id,
    name: 'Live Squad',
    description: 'Realtime test',
    game: 'Valorant',
    avatar: '',
    ownerId: owner.id,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

/** onTeamMembersChanged(teamId) started for this account on the team; the connection is closed after each test. */
async function follow(who: RoleAccount, teamId: string) {
  const followed = await startSubscription(who, SUBSCRIBE, { teamId });
  clients.push(followed.client);
  return followed;
}

/** The next member change the client hears. */
const nextChange = async (client: RealtimeClient) => (await client.next((message) => message.type === 'data')).payload.data.onTeamMembersChanged;

/** An invite to `who`'s e-mail, which `who` has proven (as following the invite's sign-up link does), so he may accept it. */
async function invite(teamId: string, who: RoleAccount): Promise<string> {
  await dynamoUserStore.markEmailVerified(who.id, new Date().toISOString());
  return (await ok(director, SEND, { inviteeName: 'Live Invitee', inviteeEmail: who.email, role: 'GAMER', teamId })).sendInvite.id;
}

beforeAll(async () => {
  useStackEnvironment();
  director = await accountWithRole('DIRECTOR', 'live.director', 'Live Director');
});

afterEach(() => {
  for (const client of clients.splice(0)) client.ws.close();
});

describe('onTeamMembersChanged', () => {
  it('tells the team director who joins by accepting an invite and who leaves, and nobody following another team', async () => {
    const [teamId, otherTeamId, gamer] = await Promise.all([
      teamOf(director),
      teamOf(director),
      accountWithRole('GAMER', 'live.gamer', 'Live Gamer'),
    ]);
    const { client, answer } = await follow(director, teamId);
    expect(answer.type).toBe('start_ack');
    const other = await follow(director, otherTeamId);

    await ok(gamer, ACCEPT, { inviteId: await invite(teamId, gamer) });
    expect(await nextChange(client)).toEqual({ teamId, userId: gamer.id, change: 'joined', at: expect.any(String) });

    await ok(gamer, LEAVE, { teamId });
    expect(await nextChange(client)).toEqual({ teamId, userId: gamer.id, change: 'left', at: expect.any(String) });

    expect(other.client.messages.filter((message) => message.type === 'data')).toEqual([]);
  });

  it('tells a teammate who joins with a team code and who is removed', async () => {
    const teamId = await teamOf(director);
    const [teammate, joiner] = await Promise.all([accountWithRole('GAMER', 'live.teammate'), accountWithRole('GAMER', 'live.joiner')]);
    await dynamoTeamStore.addMember({ teamId, userId: teammate.id, role: 'GAMER', joinedAt: new Date().toISOString() });
    const { client, answer } = await follow(teammate, teamId);
    expect(answer.type).toBe('start_ack');

    await invite(teamId, joiner);
    const { code } = (await ok(director, CODES, { teamId })).getTeamCodes.find((entry: { email: string }) => entry.email === joiner.email);
    await ok(joiner, JOIN, { code });
    expect(await nextChange(client)).toMatchObject({ teamId, userId: joiner.id, change: 'joined' });

    await ok(director, REMOVE, { teamId, userId: joiner.id });
    expect(await nextChange(client)).toMatchObject({ teamId, userId: joiner.id, change: 'removed' });
  });

  it("tells the team's followers that it was deleted", async () => {
    const [teamId] = await Promise.all([teamOf(director), teamOf(director)]);
    const { client } = await follow(director, teamId);
    await ok(director, DELETE, { teamId });
    expect(await nextChange(client)).toMatchObject({ teamId, userId: null, change: 'teamDeleted' });
  });

  it("refuses an outsider's subscription to a team it does not belong to", async () => {
    const [teamId, outsider] = await Promise.all([teamOf(director), accountWithRole('GAMER', 'live.outsider')]);
    const { answer } = await follow(outsider, teamId);
    expect(answer).toMatchObject({
      type: 'error',
      payload: { errors: [{ errorType: 'Unauthorized', message: 'You are not a member of this team.' }] },
    });
  });

  it("refuses a publish signed with other credentials than the functions' own", async () => {
    const teamId = await teamOf(director);
    const { client } = await follow(director, teamId);
    const forged = await graphql(
      PUBLISH,
      { teamId, userId: null, change: 'teamDeleted', at: new Date().toISOString() },
      { iam: { accessKeyId: 'local', secretAccessKey: 'guessed' } },
    );
    expect(forged).toMatchObject({ status: 401, errors: [{ errorType: 'UnauthorizedException' }] });
    // Nothing reached the subscriber.
    await expect(client.next((message) => message.type === 'data', 500)).rejects.toThrow('no matching message');
  });
});
