/**
 * The teams API against the running local stack: creating teams with a dashboard purchase, reading them with their
 * members, invites by e-mail and one-time codes, accepting exactly once, seats never exceeded by concurrent accepts,
 * leaving, removing, and deleting a team so that nothing of it stays reachable. Every account and team is made fresh
 * here (purchases, seats and memberships written through the stores as billing and the product write them), so no
 * demo account changes. Who may call what at all is the authorization matrix's job; this file checks the rules behind it.
 */
import { randomUUID } from 'node:crypto';
import { TEAM_MESSAGES, seatsFullMessage } from '@core/teams';
import { answersWith } from '@core/test-support/answers';
import { AUTH_ERRORS } from '@core/auth/validation';
import { dynamoInviteStore } from '../../lambdas/lib/stores/invite-store';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { accountWithRole, freshEmail, type RoleAccount } from '../support/accounts';
import { addDashboardPurchase } from '../support/purchases';
import { DEMO_PASSWORD, demoTeams, graphql, signIn, useStackEnvironment, waitForMail } from '../support/stack';

jest.setTimeout(120_000);

const TEAM = 'id name description game avatar ownerId';
const CREATE = `mutation($data: TeamInput!) { createTeam(data: $data) { ${TEAM} } }`;
const READ = `query($teamId: ID!, $search: String, $orderBy: TeamMemberOrder, $direction: SortDirection, $take: Int, $skip: Int) {
  team(teamId: $teamId, search: $search, orderBy: $orderBy, direction: $direction, take: $take, skip: $skip) {
    ${TEAM} membersCount members { userId role fullName email } TeamOwner { id email } } }`;
const OWNED = `query($ownerId: ID!) { teamsByOwner(ownerId: $ownerId) { id name } }`;
const VERIFY = `query($teamId: ID!) { verifyTeamSubscription(teamId: $teamId) { id status } }`;
const SEND = `mutation($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) {
  sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) { id status role inviteeEmail Team { name } } }`;
const ACCEPT = `mutation($inviteId: ID!) { acceptInvite(inviteId: $inviteId) { id status Team { id } } }`;
const REJECT = `mutation($inviteId: ID!) { rejectInvite(inviteId: $inviteId) { id status } }`;
const RECEIVED = `query { receivedInvites { id teamId status Team { name } TeamInviter { email } } }`;
const CODES = `query($teamId: ID!) { getTeamCodes(teamId: $teamId) { code email used accepted userId inviteId } }`;
const JOIN = `mutation($code: String!) { joinTeamWithCode(code: $code) { id name } }`;
const SEATS = `query($teamId: ID!) { teamSeatsSubscriptions(teamId: $teamId) { gamerSeats gamersUsed coachSeats coachesUsed label seats { id } } }`;
const DELETE_SEAT = `mutation($id: ID!, $teamId: ID!) { deleteTeamSeat(id: $id, teamId: $teamId) }`;
const LEAVE = `mutation($teamId: ID) { leaveTeam(teamId: $teamId) { id appSubscriptionReason subscription } }`;
const REMOVE = `mutation($userId: ID!, $teamId: ID!) { removeTeamMember(userId: $userId, teamId: $teamId) }`;
const DELETE = `mutation($teamId: ID!) { deleteTeam(teamId: $teamId) { id } }`;
const UPDATE = `mutation($teamId: ID!, $data: TeamUpdateInput!) { updateTeam(teamId: $teamId, data: $data) { ${TEAM} } }`;
const ME = `query { me { id emailVerified Team { id } coachedTeams { id } ownedTeams { id } Invites { id teamId } } }`;
const RECEIVED_BY_TEAM = `query($teamId: ID!) { receivedInviteByTeam(teamId: $teamId) { id } }`;
const SIGN_UP = `mutation($data: SignUpData!, $password: String!, $confirmPassword: String!, $role: Role, $inviteCode: String) {
  signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword, role: $role, inviteCode: $inviteCode) { id accessToken } }`;
const TEAM_STATS = `query($teamId: ID!) { myTeamScoreStats(teamId: $teamId, days: 3) { count } }`;

type Variables = Record<string, unknown>;

type Caller = Pick<RoleAccount, 'token'>;

async function call(who: Caller, query: string, variables: Variables = {}) {
  return graphql(query, variables, { token: who.token });
}

/** The call's data, failing the test with the errors when it has any. */
async function ok(who: Caller, query: string, variables: Variables = {}) {
  const { data, errors } = await call(who, query, variables);
  expect(errors).toBeUndefined();
  return data!;
}

/** The first error of a refused call: its type and message. */
async function refusal(who: Caller, query: string, variables: Variables = {}) {
  const { errors } = await call(who, query, variables);
  return { errorType: errors?.[0]?.errorType, message: errors?.[0]?.message };
}

/** A running team-dashboard purchase of the director, as billing records a successful payment. */
const purchaseFor = (director: RoleAccount, days = 30) => addDashboardPurchase(director.id, days);

async function createTeam(director: RoleAccount, name = 'Test Squad'): Promise<string> {
  await purchaseFor(director);
  return (await ok(director, CREATE, { data: { name, description: 'Made by the teams test', game: 'Fortnite' } })).createTeam.id;
}

/** Writes a member straight through the store (taking a seat as every join does). */
const addMember = (teamId: string, who: RoleAccount, role: 'GAMER' | 'COACH' = 'GAMER') =>
  dynamoTeamStore.addMember({ teamId, userId: who.id, role, joinedAt: new Date().toISOString() });

/** Signs up through the API as the invite e-mail's sign-up link does (`inviteCode` from `?invite=`). */
async function signUpWith(email: string, extra: { role?: string; inviteCode?: string } = {}): Promise<RoleAccount> {
  const { data, errors } = await graphql(
    SIGN_UP,
    { data: { fullName: 'Invited Person', email }, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, ...extra },
    { publicToken: true },
  );
  expect(errors).toBeUndefined();
  return { id: data!.signUpUser.id, email, token: data!.signUpUser.accessToken };
}

async function signUpRefusal(email: string, extra: { role?: string; inviteCode?: string }) {
  const { errors } = await graphql(
    SIGN_UP,
    { data: { fullName: 'Invited Person', email }, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, ...extra },
    { publicToken: true },
  );
  return { errorType: errors?.[0]?.errorType, message: errors?.[0]?.message };
}

/** A gamer whose e-mail is proven, as after signing up or joining with a code mailed to it: invites by e-mail reach him. */
async function provenAccount(label: string): Promise<RoleAccount> {
  const account = await accountWithRole('GAMER', label);
  await dynamoUserStore.markEmailVerified(account.id, new Date().toISOString());
  return account;
}

const gamers = (count: number, label = 'teams.gamer') =>
  Promise.all(Array.from({ length: count }, (_, i) => accountWithRole('GAMER', label, `Gamer ${i}`)));

let director: RoleAccount;
let coach: RoleAccount;
let outsider: RoleAccount;

beforeAll(async () => {
  useStackEnvironment();
  [director, coach, outsider] = await Promise.all([
    accountWithRole('DIRECTOR', 'teams.director', 'Dana Tester'),
    accountWithRole('COACH', 'teams.coach', 'Chris Tester'),
    accountWithRole('GAMER', 'teams.outsider'),
  ]);
});

describe('creating a team', () => {
  it('needs an unused dashboard purchase, spends it once, and copies its subscription to the team', async () => {
    const fresh = await accountWithRole('DIRECTOR', 'teams.buyer');
    const data = { name: 'Owls', description: 'Night owls', game: 'Valorant' };
    expect(await refusal(fresh, CREATE, { data })).toEqual({ errorType: 'PaymentRequired', message: TEAM_MESSAGES.noUnusedPurchase });

    await purchaseFor(fresh);
    const created = (await ok(fresh, CREATE, { data })).createTeam;
    expect(created).toMatchObject({ ...data, avatar: '', ownerId: fresh.id });
    expect((await ok(fresh, VERIFY, { teamId: created.id })).verifyTeamSubscription).toEqual({ id: created.id, status: 'active' });
    // The purchase is tied to that team now: a second team needs another one.
    expect(await refusal(fresh, CREATE, { data })).toMatchObject({ errorType: 'PaymentRequired' });
    expect((await ok(fresh, OWNED, { ownerId: fresh.id })).teamsByOwner).toEqual([{ id: created.id, name: 'Owls' }]);
    expect((await ok(fresh, ME)).me.ownedTeams).toEqual([{ id: created.id }]);
  });

  it('two concurrent creations with one purchase make one team', async () => {
    const fresh = await accountWithRole('DIRECTOR', 'teams.racer');
    await purchaseFor(fresh);
    const data = { name: 'Racers', description: 'One purchase', game: 'iRacing' };
    const results = await Promise.all([call(fresh, CREATE, { data }), call(fresh, CREATE, { data })]);
    expect(results.filter((result) => !result.errors).length).toBe(1);
    expect((await ok(fresh, OWNED, { ownerId: fresh.id })).teamsByOwner).toHaveLength(1);
  });

  it.each([
    [{ name: 'X', description: 'Fine', game: '' }, TEAM_MESSAGES.nameLength],
    [{ name: 'Fine', description: 'x'.repeat(1001), game: '' }, TEAM_MESSAGES.descriptionTooLong],
    [{ name: 'Fine', description: 'Fine', game: 'Chess' }, TEAM_MESSAGES.gameInvalid],
  ])('refuses bad team data %j without spending the purchase', async (data, message) => {
    const fresh = await accountWithRole('DIRECTOR', 'teams.validation');
    await purchaseFor(fresh);
    expect(await refusal(fresh, CREATE, { data })).toEqual({ errorType: 'ValidationError', message });
    expect((await dynamoSubscriptionStore.unusedPurchases(fresh.id)).length).toBe(1);
  });

  it('reports inActive once the team subscription has ended', async () => {
    const teamId = await createTeam(director, 'Expiring');
    const subscription = (await dynamoSubscriptionStore.teamSubscription(teamId))!;
    await dynamoSubscriptionStore.putTeamSubscription({
      ...subscription,
      status: 'canceled',
      endSubscriptionAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await ok(director, VERIFY, { teamId })).verifyTeamSubscription.status).toBe('inActive');
  });

  it('lets the owner change the team and nobody else', async () => {
    const teamId = await createTeam(director, 'Before');
    await addMember(teamId, coach, 'COACH');
    expect((await ok(director, UPDATE, { teamId, data: { name: 'After', game: 'Dota 2' } })).updateTeam).toMatchObject({
      name: 'After',
      game: 'Dota 2',
      description: 'Made by the teams test',
    });
    expect(await refusal(coach, UPDATE, { teamId, data: { name: 'Coach was here' } })).toMatchObject({ errorType: 'Unauthorized' });
    expect((await ok(director, READ, { teamId })).team.name).toBe('After');
  });
});

describe('reading a team', () => {
  it('lists its members filtered, ordered and paged for the owner and its gamers, and refuses outsiders', async () => {
    const teamId = await createTeam(director, 'Readers');
    const [ada, bob, cyd] = await Promise.all(['Ada Alpha', 'Bob Beta', 'Cyd Gamma'].map((name) => accountWithRole('GAMER', 'teams.reader', name)));
    for (const gamer of [cyd, ada, bob]) await addMember(teamId, gamer);
    await addMember(teamId, coach, 'COACH');

    const page = (await ok(director, READ, { teamId, orderBy: 'fullName', direction: 'desc', take: 2, skip: 1 })).team;
    expect(page.membersCount).toBe(4);
    expect(page.members.map((m: { fullName: string }) => m.fullName)).toEqual(['Chris Tester', 'Bob Beta']);
    expect(page.TeamOwner).toEqual({ id: director.id, email: director.email });
    const searched = (await ok(ada, READ, { teamId, search: 'gAmMa' })).team;
    expect(searched.members.map((m: { userId: string }) => m.userId)).toEqual([cyd.id]);
    expect(await refusal(outsider, READ, { teamId })).toMatchObject({ errorType: 'Unauthorized' });
    expect(await refusal(director, READ, { teamId, take: 51 })).toEqual({ errorType: 'ValidationError', message: 'take must be at most 50.' });
  });

  it('refuses a stranger the same way whether the team exists or not, and tells an admin a team is missing', async () => {
    const teamId = await createTeam(director, 'Probed');
    const admin = await accountWithRole('ADMIN', 'teams.admin');
    for (const query of [READ, TEAM_STATS, CODES, SEATS]) {
      expect(await refusal(outsider, query, { teamId: randomUUID() })).toEqual(await refusal(outsider, query, { teamId }));
      expect(await refusal(outsider, query, { teamId: randomUUID() })).toMatchObject({ errorType: 'Unauthorized' });
    }
    expect(await refusal(admin, READ, { teamId: randomUUID() })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.teamNotFound });
  });
});

describe("team readers: the team with its members' scores, and a user by id", () => {
  const STATS = `query($teamId: ID!, $currentDate: AWSDate, $questionSlug: String) {
    teamWithStats(teamId: $teamId, currentDate: $currentDate, questionSlug: $questionSlug, orderBy: fullName) {
      id membersCount members { userId fullName latestScore { userId date todayScore streak } answer { questionSlug value } } } }`;
  const USER = `query($id: ID!) { user(id: $id) { id email fullName } }`;
  const CHECK_IN = `mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date dailyScore } }`;

  it("gives the team's staff each member's latest scores and answer, and its gamers nothing of it", async () => {
    const teamId = await createTeam(director, 'With stats');
    const [ada, bob] = await Promise.all(['Ada Stats', 'Bob Stats'].map((name) => accountWithRole('GAMER', 'teams.stats', name)));
    await addMember(teamId, ada);
    await addMember(teamId, bob);
    await addMember(teamId, coach, 'COACH');
    const checkIn = (await ok(ada, CHECK_IN, { answers: answersWith('best') })).submitAnswers;

    const read = (await ok(coach, STATS, { teamId, questionSlug: 'sleep-quality' })).teamWithStats;
    expect(read.membersCount).toBe(3);
    const byName = Object.fromEntries(read.members.map((member: { fullName: string }) => [member.fullName, member]));
    expect(byName['Ada Stats']).toMatchObject({
      userId: ada.id,
      latestScore: { userId: ada.id, date: checkIn.date, todayScore: checkIn.dailyScore, streak: 1 },
      answer: { questionSlug: 'sleep-quality', value: answersWith('best').find((answer) => answer.questionSlug === 'sleep-quality')!.value },
    });
    expect(byName['Bob Stats']).toMatchObject({ latestScore: { userId: bob.id, todayScore: null, streak: 0 }, answer: null });
    // Another day: the scores of that day (none), not today's.
    const dayBefore = new Date(Date.parse(`${checkIn.date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = (await ok(director, STATS, { teamId, currentDate: dayBefore, questionSlug: 'sleep-quality' })).teamWithStats;
    expect(before.members.find((member: { userId: string }) => member.userId === ada.id)).toMatchObject({
      latestScore: { date: dayBefore, todayScore: null },
      answer: null,
    });

    expect(await refusal(bob, STATS, { teamId })).toMatchObject({ errorType: 'Unauthorized' });
    expect(await refusal(outsider, STATS, { teamId })).toMatchObject({ errorType: 'Unauthorized' });
    expect(await refusal(director, STATS, { teamId, questionSlug: 'no-such-question' })).toEqual({
      errorType: 'ValidationError',
      message: 'There is no question with this questionSlug.',
    });
  });

  it('shows a user to himself, to the director and coach of his team and to admins, and to nobody else', async () => {
    const teamId = await createTeam(director, 'Profiles');
    const [member, teammate] = await gamers(2, 'teams.profile');
    await addMember(teamId, member);
    await addMember(teamId, teammate);
    await addMember(teamId, coach, 'COACH');
    const admin = await accountWithRole('ADMIN', 'teams.profileadmin');
    for (const reader of [member, director, coach, admin]) {
      expect((await ok(reader, USER, { id: member.id })).user).toEqual({ id: member.id, email: member.email, fullName: 'Gamer 0' });
    }
    for (const stranger of [teammate, outsider])
      expect(await refusal(stranger, USER, { id: member.id })).toMatchObject({ errorType: 'Unauthorized' });
    // An unknown id is refused like a stranger's; admins are told it does not exist.
    expect(await refusal(director, USER, { id: randomUUID() })).toMatchObject({ errorType: 'Unauthorized' });
    expect(await refusal(admin, USER, { id: randomUUID() })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.userNotFound });
  });
});

describe('invites and team codes', () => {
  it('mails the invitee the team, the inviter, links carrying a one-time code; the newcomer signs up with it and accepts once', async () => {
    const teamId = await createTeam(director, 'Invited');
    const email = freshEmail('teams.invitee');
    const since = new Date();
    const invite = (await ok(director, SEND, { teamId, inviteeName: 'Ivy Invitee', inviteeEmail: email.toUpperCase(), role: 'GAMER' })).sendInvite;
    expect(invite).toMatchObject({ status: 'PENDING', role: 'GAMER', inviteeEmail: email, Team: { name: 'Invited' } });

    const mail = await waitForMail(email, since);
    const [code] = (await ok(director, CODES, { teamId })).getTeamCodes.map((c: { code: string }) => c.code);
    // The subject names only the team, quoted; the sender's self-chosen name is in the text, quoted as a name.
    expect(mail.subject).toBe('Invitation to join the team "Invited" on FitGauge');
    expect(mail.text).toContain('The team member named "Dana Tester" invited you to join the team "Invited" on FitGauge as a Gamer.');
    expect(mail.text).toContain(`${process.env.APP_URL}/home/team-invite?code=${code}`);
    expect(mail.text).toContain(`${process.env.APP_URL}/auth/signup?invite=${code}&email=${encodeURIComponent(email)}`);

    const invitee = await signUpWith(email, { inviteCode: code });
    expect((await ok(invitee, ME)).me).toMatchObject({ emailVerified: true, Invites: [{ id: invite.id }] });
    expect((await ok(invitee, RECEIVED)).receivedInvites).toEqual([
      { id: invite.id, teamId, status: 'PENDING', Team: { name: 'Invited' }, TeamInviter: { email: director.email } },
    ]);
    expect((await ok(invitee, ACCEPT, { inviteId: invite.id })).acceptInvite).toEqual({ id: invite.id, status: 'ACCEPTED', Team: { id: teamId } });
    expect(await refusal(invitee, ACCEPT, { inviteId: invite.id })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.inviteNotFound });
    expect((await ok(invitee, ME)).me.Team).toEqual([{ id: teamId }]);
    expect((await ok(director, CODES, { teamId })).getTeamCodes).toEqual([
      { code, email, used: true, accepted: true, userId: invitee.id, inviteId: invite.id },
    ]);
  });

  it("an attacker who signs up with the invitee's e-mail but without the mailed code cannot be COACH, see or accept the invite", async () => {
    const teamId = await createTeam(director, 'Targeted');
    const victim = freshEmail('teams.victim');
    const invite = (await ok(director, SEND, { teamId, inviteeName: 'Victim', inviteeEmail: victim, role: 'COACH' })).sendInvite;
    const [{ code }] = (await ok(director, CODES, { teamId })).getTeamCodes;
    const stranger = await accountWithRole('GAMER', 'teams.stranger');

    expect(await signUpRefusal(victim, { role: 'COACH' })).toEqual({ errorType: 'ValidationError', message: AUTH_ERRORS.roleNotAllowed });
    expect(await signUpRefusal(stranger.email, { role: 'COACH', inviteCode: code })).toEqual({
      errorType: 'ValidationError',
      message: TEAM_MESSAGES.codeForAnotherEmail,
    });
    const attacker = await signUpWith(victim);
    expect((await ok(attacker, ME)).me).toMatchObject({ emailVerified: false, Invites: [], coachedTeams: [] });
    expect((await ok(attacker, RECEIVED)).receivedInvites).toEqual([]);
    expect((await ok(attacker, RECEIVED_BY_TEAM, { teamId })).receivedInviteByTeam).toBeNull();
    expect(await refusal(attacker, ACCEPT, { inviteId: invite.id })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.inviteNotFound });
    expect(await refusal(attacker, REJECT, { inviteId: invite.id })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.inviteNotFound });
    expect(await refusal(attacker, TEAM_STATS, { teamId })).toMatchObject({ errorType: 'Unauthorized' });
    expect((await dynamoInviteStore.get(teamId, invite.id))?.status).toBe('PENDING');
    expect((await ok(director, READ, { teamId })).team.membersCount).toBe(0);
  });

  it('a coach code makes a coach member only for a coach account, and a code mailed to the caller proves his e-mail', async () => {
    const teamId = await createTeam(director, 'Coach code');
    const gamer = await accountWithRole('GAMER', 'teams.codegamer');
    await ok(director, SEND, { teamId, inviteeName: 'Someone', inviteeEmail: gamer.email, role: 'COACH' });
    const [{ code }] = (await ok(director, CODES, { teamId })).getTeamCodes;
    expect(await refusal(gamer, JOIN, { code })).toEqual({ errorType: 'Unauthorized', message: TEAM_MESSAGES.coachInviteNeedsCoach });
    expect((await ok(director, CODES, { teamId })).getTeamCodes).toMatchObject([{ used: false, userId: null }]);

    const otherTeam = await createTeam(director, 'Proven');
    await ok(director, SEND, { teamId: otherTeam, inviteeName: 'Gamer', inviteeEmail: gamer.email, role: 'GAMER' });
    const [{ code: gamerCode }] = (await ok(director, CODES, { teamId: otherTeam })).getTeamCodes;
    expect((await ok(gamer, ME)).me).toMatchObject({ emailVerified: false, Invites: [] });
    await ok(gamer, JOIN, { code: gamerCode });
    // His e-mail is proven now: the pending coach invite shows (he still needs a coach account to take it).
    expect((await ok(gamer, ME)).me).toMatchObject({ emailVerified: true, Invites: [{ teamId }] });
  });

  it('tells the inviter when the e-mail is already a member or already has a pending invite', async () => {
    const teamId = await createTeam(director, 'Twice');
    const member = await accountWithRole('GAMER', 'teams.member');
    await addMember(teamId, member);
    expect(await refusal(director, SEND, { teamId, inviteeName: 'Member', inviteeEmail: member.email, role: 'GAMER' })).toEqual({
      errorType: 'Conflict',
      message: TEAM_MESSAGES.alreadyMember,
    });
    const email = freshEmail('teams.pending');
    await ok(director, SEND, { teamId, inviteeName: 'Pending', inviteeEmail: email, role: 'GAMER' });
    expect(await refusal(director, SEND, { teamId, inviteeName: 'Pending', inviteeEmail: email, role: 'GAMER' })).toEqual({
      errorType: 'Conflict',
      message: TEAM_MESSAGES.alreadyInvited,
    });
  });

  it('lets a coach invite gamers but not coaches (management map)', async () => {
    const teamId = await createTeam(director, 'Coached');
    await addMember(teamId, coach, 'COACH');
    expect(await refusal(coach, SEND, { teamId, inviteeName: 'Co', inviteeEmail: freshEmail('teams.co'), role: 'COACH' })).toEqual({
      errorType: 'Unauthorized',
      message: TEAM_MESSAGES.notYourRoleToManage,
    });
    await ok(coach, SEND, { teamId, inviteeName: 'Ga', inviteeEmail: freshEmail('teams.ga'), role: 'GAMER' });
    expect(await refusal(director, SEND, { teamId, inviteeName: 'Ga', inviteeEmail: freshEmail('teams.ga'), role: 'DIRECTOR' })).toMatchObject({
      errorType: 'ValidationError',
    });
  });

  it('two concurrent accepts of one invite give one membership', async () => {
    const teamId = await createTeam(director, 'Racing');
    const invitee = await provenAccount('teams.racer');
    const invite = (await ok(director, SEND, { teamId, inviteeName: 'Racer', inviteeEmail: invitee.email, role: 'GAMER' })).sendInvite;
    const results = await Promise.all(Array.from({ length: 4 }, () => call(invitee, ACCEPT, { inviteId: invite.id })));
    expect(results.filter((result) => !result.errors)).toHaveLength(1);
    expect((await ok(director, READ, { teamId })).team.membersCount).toBe(1);
    expect((await ok(director, SEATS, { teamId })).teamSeatsSubscriptions).toMatchObject({ gamersUsed: 1, label: '1 of 5 gamer seats used' });
  });

  it('a rejected invite cannot be accepted, and its code is spent', async () => {
    const teamId = await createTeam(director, 'Rejected');
    const invitee = await provenAccount('teams.rejecter');
    const invite = (await ok(director, SEND, { teamId, inviteeName: 'No', inviteeEmail: invitee.email, role: 'GAMER' })).sendInvite;
    expect((await ok(invitee, REJECT, { inviteId: invite.id })).rejectInvite.status).toBe('REJECTED');
    expect(await refusal(invitee, ACCEPT, { inviteId: invite.id })).toMatchObject({ errorType: 'NotFound' });
    const [{ code, used, accepted }] = (await ok(director, CODES, { teamId })).getTeamCodes;
    expect([used, accepted]).toEqual([true, false]);
    expect(await refusal(outsider, JOIN, { code })).toEqual({ errorType: 'Conflict', message: TEAM_MESSAGES.codeUsed });
  });

  it('a code joins only the account of the e-mail it was mailed to, once, and proves that e-mail', async () => {
    const teamId = await createTeam(director, 'Coded');
    const email = freshEmail('teams.elsewhere');
    const invite = (await ok(director, SEND, { teamId, inviteeName: 'Elsewhere', inviteeEmail: email, role: 'GAMER' })).sendInvite;
    const [otherAddress, latecomer] = await gamers(2, 'teams.joiner');
    const [{ code }] = (await ok(director, CODES, { teamId })).getTeamCodes;
    // A code that leaked (a forwarded mail, a screenshot) is no use to an account of another e-mail.
    expect(await refusal(otherAddress, JOIN, { code })).toEqual({ errorType: 'Unauthorized', message: TEAM_MESSAGES.codeForAnotherEmail });
    expect((await dynamoInviteStore.get(teamId, invite.id))?.status).toBe('PENDING');
    const joiner = await signUpWith(email);
    expect((await ok(joiner, JOIN, { code: code.toLowerCase() })).joinTeamWithCode).toEqual({ id: teamId, name: 'Coded' });
    expect((await ok(joiner, ME)).me).toMatchObject({ emailVerified: true, Team: [{ id: teamId }] });
    expect(await refusal(latecomer, JOIN, { code })).toEqual({ errorType: 'Conflict', message: TEAM_MESSAGES.codeUsed });
    expect(await refusal(latecomer, JOIN, { code: 'ZZZZ2222' })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.codeNotFound });
    expect((await dynamoInviteStore.get(teamId, invite.id))?.status).toBe('ACCEPTED');
  });
});

describe('seats', () => {
  it('concurrent accepts at the seat limit never exceed it, and the rest are told the seats are full', async () => {
    const teamId = await createTeam(director, 'Full');
    for (const gamer of await gamers(4, 'teams.seated')) await addMember(teamId, gamer);
    const hopefuls = await Promise.all(Array.from({ length: 4 }, () => provenAccount('teams.hopeful')));
    // Invites straight through the store: the API refuses new invites only once every seat is taken.
    const at = new Date().toISOString();
    const invites = await Promise.all(
      hopefuls.map(async (gamer) => {
        const invite = {
          id: randomUUID(),
          teamId,
          inviteeEmail: gamer.email,
          inviteeName: 'Hopeful',
          inviterUserId: director.id,
          role: 'GAMER' as const,
          status: 'PENDING' as const,
          createdAt: at,
          updatedAt: at,
        };
        await dynamoInviteStore.create(invite);
        return invite.id;
      }),
    );
    const results = await Promise.all(hopefuls.map((gamer, i) => call(gamer, ACCEPT, { inviteId: invites[i] })));
    expect(results.filter((result) => !result.errors)).toHaveLength(1);
    expect(results.flatMap((result) => result.errors ?? []).map((error) => error.message)).toEqual(Array(3).fill(seatsFullMessage('GAMER', 5)));
    expect((await ok(director, SEATS, { teamId })).teamSeatsSubscriptions).toMatchObject({
      gamerSeats: 5,
      gamersUsed: 5,
      label: '5 of 5 gamer seats used',
    });
    expect((await ok(director, READ, { teamId })).team.membersCount).toBe(5);
    expect(await refusal(director, SEND, { teamId, inviteeName: 'Sixth', inviteeEmail: freshEmail('teams.sixth'), role: 'GAMER' })).toEqual({
      errorType: 'Conflict',
      message: seatsFullMessage('GAMER', 5),
    });
  });

  it('an extra seat bought for the team lets one more gamer in, and cannot be removed while in use', async () => {
    const teamId = await createTeam(director, 'Growing');
    for (const gamer of await gamers(5, 'teams.grower')) await addMember(teamId, gamer);
    const seatId = randomUUID();
    await dynamoSubscriptionStore.addSeat({
      id: seatId,
      teamId,
      userId: director.id,
      subscriptionId: 'sub_extra',
      active: true,
      isDefaultSeat: false,
      createdAt: new Date().toISOString(),
    });
    expect((await ok(director, SEATS, { teamId })).teamSeatsSubscriptions).toMatchObject({ gamerSeats: 6, gamersUsed: 5, seats: [{ id: seatId }] });
    const [sixth] = await gamers(1, 'teams.sixth');
    await addMember(teamId, sixth);
    expect(await refusal(director, DELETE_SEAT, { id: seatId, teamId })).toEqual({ errorType: 'Conflict', message: TEAM_MESSAGES.seatInUse });
    await ok(sixth, LEAVE, { teamId });
    expect((await ok(director, DELETE_SEAT, { id: seatId, teamId })).deleteTeamSeat).toBe(true);
    expect((await ok(director, SEATS, { teamId })).teamSeatsSubscriptions).toMatchObject({ gamerSeats: 5, gamersUsed: 5, seats: [] });
  });

  it('a team has one coach seat', async () => {
    const teamId = await createTeam(director, 'One coach');
    await addMember(teamId, coach, 'COACH');
    expect(await refusal(director, SEND, { teamId, inviteeName: 'Second', inviteeEmail: freshEmail('teams.coach2'), role: 'COACH' })).toEqual({
      errorType: 'Conflict',
      message: seatsFullMessage('COACH', 1),
    });
  });
});

describe('leaving and removing', () => {
  it('a gamer leaves every team he plays in, freeing the seats', async () => {
    const [first, second] = [await createTeam(director, 'First'), await createTeam(director, 'Second')];
    const [gamer] = await gamers(1, 'teams.leaver');
    await addMember(first, gamer);
    await addMember(second, gamer);
    expect((await ok(gamer, LEAVE)).leaveTeam).toEqual({ id: gamer.id, appSubscriptionReason: 'FGFREE', subscription: 'Free' });
    expect((await ok(gamer, ME)).me.Team).toEqual([]);
    expect((await ok(director, SEATS, { teamId: first })).teamSeatsSubscriptions.gamersUsed).toBe(0);
    expect(await refusal(gamer, LEAVE, { teamId: first })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.notAMember });
  });

  it('the director removes a gamer or the coach; the coach removes gamers only', async () => {
    const teamId = await createTeam(director, 'Removals');
    const [one, two] = await gamers(2, 'teams.removed');
    await addMember(teamId, one);
    await addMember(teamId, two);
    await addMember(teamId, coach, 'COACH');
    expect((await ok(coach, REMOVE, { teamId, userId: one.id })).removeTeamMember).toBe(true);
    expect(await refusal(coach, REMOVE, { teamId, userId: coach.id })).toEqual({
      errorType: 'Unauthorized',
      message: TEAM_MESSAGES.notYourRoleToManage,
    });
    expect(await refusal(two, REMOVE, { teamId, userId: one.id })).toMatchObject({ errorType: 'Unauthorized' });
    expect((await ok(director, REMOVE, { teamId, userId: coach.id })).removeTeamMember).toBe(true);
    expect(await refusal(director, REMOVE, { teamId, userId: one.id })).toEqual({ errorType: 'NotFound', message: TEAM_MESSAGES.memberNotFound });
    expect((await ok(director, READ, { teamId })).team.members.map((m: { userId: string }) => m.userId)).toEqual([two.id]);
  });
});

describe('deleting a team', () => {
  it('needs a second team, then leaves nothing of it reachable', async () => {
    const owner = await accountWithRole('DIRECTOR', 'teams.deleter');
    const doomed = await createTeam(owner, 'Doomed');
    expect(await refusal(owner, DELETE, { teamId: doomed })).toEqual({ errorType: 'Conflict', message: TEAM_MESSAGES.deleteNeedsTwoTeams });
    const kept = await createTeam(owner, 'Kept');

    const [member, invitee] = [await accountWithRole('GAMER', 'teams.doomed'), await provenAccount('teams.doomed')];
    await addMember(doomed, member);
    await addMember(doomed, coach, 'COACH');
    const invite = (await ok(owner, SEND, { teamId: doomed, inviteeName: 'Late', inviteeEmail: invitee.email, role: 'GAMER' })).sendInvite;
    const [{ code }] = (await ok(owner, CODES, { teamId: doomed })).getTeamCodes;

    expect((await ok(owner, DELETE, { teamId: doomed })).deleteTeam).toEqual({ id: doomed });
    expect((await ok(owner, OWNED, { ownerId: owner.id })).teamsByOwner).toEqual([{ id: kept, name: 'Kept' }]);
    // Nobody stands in any relation to a deleted team: its former staff are refused as strangers are.
    for (const [who, query] of [
      [owner, READ],
      [owner, TEAM_STATS],
      [coach, TEAM_STATS],
      [owner, CODES],
      [owner, SEATS],
    ] as const) {
      expect(await refusal(who, query, { teamId: doomed })).toMatchObject({ errorType: 'Unauthorized' });
    }
    expect((await ok(member, ME)).me.Team).toEqual([]);
    expect((await ok(invitee, RECEIVED)).receivedInvites).toEqual([]);
    expect(await refusal(invitee, ACCEPT, { inviteId: invite.id })).toMatchObject({ errorType: 'NotFound' });
    expect(await refusal(invitee, JOIN, { code })).toMatchObject({ errorType: 'NotFound' });
    expect(await dynamoTeamStore.getMembership(doomed, member.id)).toBeNull();
    // The last team stays.
    expect(await refusal(owner, DELETE, { teamId: kept })).toEqual({ errorType: 'Conflict', message: TEAM_MESSAGES.deleteNeedsTwoTeams });
  });

  it('leaves no member behind who joined while the team was being deleted', async () => {
    const owner = await accountWithRole('DIRECTOR', 'teams.racedeleter');
    await createTeam(owner, 'Stays');
    for (let round = 0; round < 3; round += 1) {
      const doomed = await createTeam(owner, `Doomed ${round}`);
      const joiners = await Promise.all(Array.from({ length: 5 }, () => provenAccount('teams.latejoiner')));
      const invites = await Promise.all(
        joiners.map(
          async (joiner) => (await ok(owner, SEND, { teamId: doomed, inviteeName: 'Late', inviteeEmail: joiner.email, role: 'GAMER' })).sendInvite.id,
        ),
      );
      const [deleted] = await Promise.all([
        call(owner, DELETE, { teamId: doomed }),
        ...joiners.map((joiner, i) => call(joiner, ACCEPT, { inviteId: invites[i] })),
      ]);
      // A delete that kept meeting joins says so and changes nothing; the director tries again, as the message asks.
      expect([undefined, TEAM_MESSAGES.deleteRaced]).toContain(deleted.errors?.[0]?.message);
      expect((deleted.errors ? await call(owner, DELETE, { teamId: doomed }) : deleted).errors).toBeUndefined();
      // Whatever the order, once the team is gone none of its memberships is left.
      expect(await dynamoTeamStore.get(doomed)).toBeNull();
      expect(await Promise.all(joiners.map((joiner) => dynamoTeamStore.getMembership(doomed, joiner.id)))).toEqual(joiners.map(() => null));
    }
  });

  it("two concurrent deletes of a director's two teams leave one", async () => {
    const owner = await accountWithRole('DIRECTOR', 'teams.doubledeleter');
    const teams = [await createTeam(owner, 'One'), await createTeam(owner, 'Two')];
    const results = await Promise.all(teams.map((teamId) => call(owner, DELETE, { teamId })));
    expect(results.filter((result) => !result.errors)).toHaveLength(1);
    expect((await ok(owner, OWNED, { ownerId: owner.id })).teamsByOwner).toHaveLength(1);
  });
});

describe('demo data', () => {
  it("opens Night Owls with its seats full, and finds Sleepy Sloths' subscription expired", async () => {
    const [owls, , sloths] = demoTeams;
    const demoDirector = { token: (await signIn('director@fitgauge.test')).accessToken };
    const expired = { token: (await signIn('expired@fitgauge.test')).accessToken };
    expect((await ok(demoDirector, VERIFY, { teamId: owls!.id })).verifyTeamSubscription.status).toBe('active');
    expect((await ok(demoDirector, SEATS, { teamId: owls!.id })).teamSeatsSubscriptions).toMatchObject({
      label: '5 of 5 gamer seats used',
      coachesUsed: 1,
    });
    expect((await ok(expired, VERIFY, { teamId: sloths!.id })).verifyTeamSubscription).toEqual({ id: sloths!.id, status: 'inActive' });
    const members = (await ok(expired, READ, { teamId: sloths!.id })).team.members.map((m: { email: string }) => m.email);
    expect(members).toEqual(['sloth1@fitgauge.test', 'sloth2@fitgauge.test']);
  });
});
