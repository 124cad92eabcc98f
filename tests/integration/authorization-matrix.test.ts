/**
 * The authorization matrix, generated from schema.graphql: every Query, Mutation and Subscription field, called through
 * the local gateway as anonymous (no credentials), with the public token only, and signed in as SELF, GAMER, COACH, DIRECTOR,
 * ADMIN and SUPERADMIN, on the caller's own data, a teammate's, and another team's user or team. Each call must get the
 * policy map's answer (gathered from the field declarations, lambdas/api-fields.ts): allowed (no error), or refused
 * with errorType Unauthorized (the gateway's auth directives and the Lambdas' refusals both use it; no credentials at
 * all is AppSync's UnauthorizedException, HTTP 401).
 * Subscriptions go through the realtime handshake: start_ack, or an error for the start.
 *
 * The callers and their two teams are fresh accounts made here, so no call changes a demo account other tests use.
 * A new schema field falls under the matrix as it is: it fails until it is declared and has an argument fixture below.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { getNamedType, isLeafType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { isAllowed, type PolicyCaller, type Relation, type Subject } from '@core/policy';
import { policyMap, type RootField } from '../../lambdas/api-fields';
import { isAdmin, type Role } from '@core/roles';
import { answersWith } from '@core/test-support/answers';
import { buildAppSyncSchema } from '../../lambdas/schema';
import { scoreDayOf, shiftDay } from '@core/dates';
import { dynamoInviteStore } from '../../lambdas/lib/stores/invite-store';
import { dynamoJournalStore } from '../../lambdas/lib/stores/journal-store';
import { dynamoShareStore, newShare } from '../../lambdas/recap/store';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import { dynamoTeamStore, type MemberRole } from '../../lambdas/lib/stores/team-store';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { dynamoWeeklyChallengeStore } from '../../lambdas/weekly-challenges/store';
import { dynamoRecommendationStore } from '../../lambdas/recommendations/store';
import { dynamoVideoStore } from '../../lambdas/lib/stores/video-store';
import { newVideoRecord } from '../../lambdas/lib/stores/new-video';
import { newTeamCode } from '../../lambdas/teams/invites';
import { RealtimeClient } from '../../scripts/local/gateway/test-kit';
import { accountWithRole, freshEmail } from '../support/accounts';
import { DEMO_PASSWORD, graphql, type GraphQLAuth, stackUrls, useStackEnvironment, waitForMail } from '../support/stack';
import { inParallel } from '../support/in-parallel';
import { putAvatarObject, TINY_PNG } from '../support/uploads';
import { dynamoBillingStore } from '../../lambdas/lib/stores/billing-store';
import { dynamoCouponClaimStore } from '../../lambdas/billing/coupon-claim-store';
import { standInStripe } from '../support/billing';

jest.setTimeout(120_000);

const schema = buildAppSyncSchema();
const ROOT_TYPES = ['Query', 'Mutation', 'Subscription'] as const;
const rootFields = ROOT_TYPES.flatMap((typeName) => {
  const type = schema.getType(typeName) as GraphQLObjectType | undefined;
  return type ? Object.values(type.getFields()).map((field) => ({ typeName, field, name: `${typeName}.${field.name}` })) : [];
});

// ---- the world: callers, the users they may or may not reach, two teams ----

const ROLE_CALLERS = ['SELF', 'GAMER', 'COACH', 'DIRECTOR', 'ADMIN', 'SUPERADMIN'] as const satisfies readonly Role[];
const CALLERS = ['anonymous', 'publicToken', ...ROLE_CALLERS] as const;
type CallerName = (typeof CALLERS)[number];
/** Users who are only ever the subject of a call. */
type Bystander = 'teammate' | 'outsider' | 'otherDirector';
type Person = (typeof ROLE_CALLERS)[number] | Bystander;

/** Who owns and plays in which team: the facts the expected answers are derived from, independently of the server. */
const TEAMS: Record<'home' | 'other', { owner: Person; members: Partial<Record<Person, MemberRole>> }> = {
  home: { owner: 'DIRECTOR', members: { GAMER: 'GAMER', teammate: 'GAMER', COACH: 'COACH' } },
  other: { owner: 'otherDirector', members: { outsider: 'GAMER' } },
};
type TeamName = keyof typeof TEAMS;
const MEMBERSHIP_RELATION: Record<MemberRole, Relation> = { GAMER: 'member', COACH: 'coach' };

interface Account {
  id: string;
  email: string;
  token: string;
}
const people = {} as Record<Person, Account>;
const teamIds = {} as Record<TeamName, string>;

function teamRelations(caller: Person, team: TeamName): Relation[] {
  const relations: Relation[] = [];
  if (TEAMS[team].owner === caller) relations.push('owner');
  const membership = TEAMS[team].members[caller];
  if (membership) relations.push(MEMBERSHIP_RELATION[membership]);
  return relations;
}

function userRelations(caller: Person, subject: Person): Relation[] {
  const throughTeams = (Object.keys(TEAMS) as TeamName[])
    .filter((team) => TEAMS[team].members[subject] !== undefined)
    .flatMap((team) => teamRelations(caller, team).filter((relation) => relation === 'owner' || relation === 'coach'));
  return caller === subject ? ['self', ...throughTeams] : throughTeams;
}

// ---- what each call is about ----

interface Scenario {
  label: string;
  /** Arguments naming the subject; fixtures spread them into their variables. */
  subject: { userId?: string; teamId?: string };
  relations(caller: Person): Relation[];
}

/** A user subject: the caller themselves (the GAMER for callers who are nobody), a teammate, someone else's gamer. */
const userScenarios = (caller: CallerName): Scenario[] => {
  const own: Person = caller === 'anonymous' || caller === 'publicToken' ? 'GAMER' : caller;
  return (
    [
      ['own data', own],
      ['a gamer of the home team', 'teammate'],
      ["another team's gamer", 'outsider'],
    ] as const
  ).map(([label, subject]) => ({ label, subject: { userId: people[subject].id }, relations: (person) => userRelations(person, subject) }));
};

const teamScenarios = (): Scenario[] =>
  (['home', 'other'] as const).map((team) => ({
    label: `the ${team} team`,
    subject: { teamId: teamIds[team] },
    relations: (person) => teamRelations(person, team),
  }));

const NO_SUBJECT: Scenario[] = [{ label: 'no subject', subject: {}, relations: () => [] }];

function scenariosOf(subject: Subject, caller: CallerName): Scenario[] {
  if (subject.kind === 'user') return userScenarios(caller);
  if (subject.kind === 'team' || subject.kind === 'comment') return teamScenarios();
  return NO_SUBJECT;
}

// ---- arguments per field ----

type Variables = Record<string, unknown>;
/** Arguments for a call on this subject by this caller (calls on the caller's own data make what they act on for them). */
type Fixture = (subject: Scenario['subject'], caller: CallerName) => Variables | Promise<Variables>;

const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
};

const windowOf = (subject: Scenario['subject']) => ({ ...subject, days: 3 });
const today = scoreDayOf(new Date(), 'UTC');

/** A fresh account signed up through the API: its e-mail, id and refresh token. */
async function signUp(role: 'GAMER' | 'SELF' = 'GAMER') {
  const email = freshEmail('matrix');
  const response = await graphql<{ signUpUser: { id: string; refreshToken: string } }>(
    `
      mutation ($data: SignUpData!, $password: String!, $confirmPassword: String!, $role: Role) {
        signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword, role: $role) {
          id
          refreshToken
        }
      }
    `,
    { data: { fullName: 'Matrix Caller', email }, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, role },
    { publicToken: true },
  );
  if (!response.data?.signUpUser) throw new Error(`signUpUser failed: ${JSON.stringify(response.errors)}`);
  return { email, ...response.data.signUpUser };
}

/** A password-reset code mailed to a fresh account. */
async function resetCode() {
  const { email } = await signUp();
  const since = new Date();
  const response = await graphql('mutation($email: String!) { forgotPassword(email: $email) }', { email }, { publicToken: true });
  if (response.errors) throw new Error(`forgotPassword failed: ${JSON.stringify(response.errors)}`);
  const code = /\b(\d{6})\b/.exec((await waitForMail(email, since)).text)?.[1];
  return { email, code };
}

/** A one-time code from the local Discord stand-in for a new identity, as the browser brings it back. */
async function discordCode() {
  const config = (await (await fetch(`${stackUrls().baseUrl}/config.json`)).json()) as { discordAuthorizeUrl: string; discordClientId: string };
  const redirectUri = `${stackUrls().baseUrl}/auth/login`;
  const choose = `${config.discordAuthorizeUrl}/choose?${new URLSearchParams({
    client_id: config.discordClientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'identify email',
    username: `matrix_${randomUUID().slice(0, 8)}`,
    email: freshEmail('matrix.discord'),
    verified: 'true',
  })}`;
  const back = await fetch(choose, { redirect: 'manual' });
  return { code: new URL(back.headers.get('location')!).searchParams.get('code'), redirect_uri: redirectUri };
}

// ---- team fixtures: each call that changes a team acts on a fresh copy of it (same owner and members) ----

const teamNameOf = (teamId: string | undefined) => (Object.keys(teamIds) as TeamName[]).find((name) => teamIds[name] === teamId) ?? 'home';

/** A new team with this owner and these members, written through the stores as the product writes them. */
async function makeTeam(owner: Person, members: Partial<Record<Person, MemberRole>>, label = 'Matrix team'): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await dynamoTeamStore.create({
    id,
    name: label,
    description: 'Authorization matrix',
    game: 'Valorant',
    avatar: '',
    ownerId: people[owner].id,
    createdAt: at,
    updatedAt: at,
  });
  for (const [person, role] of Object.entries(members) as [Person, MemberRole][]) {
    await dynamoTeamStore.addMember({ teamId: id, userId: people[person].id, role, joinedAt: at });
  }
  return id;
}

const copyOf = (teamId: string | undefined) => makeTeam(TEAMS[teamNameOf(teamId)].owner, TEAMS[teamNameOf(teamId)].members);

/** The account a caller fixture acts for: the caller's own, or (for callers refused before any resolver) the GAMER's. */
const personOf = (caller: CallerName): Person => (caller === 'anonymous' || caller === 'publicToken' ? 'GAMER' : caller);

/** A pending GAMER invite with its code to this e-mail, to the given team or a fresh one of another director. */
async function inviteTo(email: string, teamId?: string) {
  const team = teamId ?? (await makeTeam('otherDirector', {}));
  const at = new Date().toISOString();
  const invite = {
    id: randomUUID(),
    teamId: team,
    inviteeEmail: email,
    inviteeName: 'Matrix Invitee',
    inviterUserId: people.otherDirector.id,
    role: 'GAMER' as const,
    status: 'PENDING' as const,
    createdAt: at,
    updatedAt: at,
  };
  const code = newTeamCode();
  await dynamoInviteStore.create(invite, {
    id: randomUUID(),
    code,
    teamId: team,
    inviteId: invite.id,
    email: invite.inviteeEmail,
    used: false,
    accepted: false,
    userId: null,
    createdAt: at,
  });
  return { inviteId: invite.id, teamId: team, code };
}

/** A comment by the team's director on `member`'s sleep answer of today, written through the store. */
async function commentOn(teamId: string, member: Person) {
  const at = new Date().toISOString();
  const team = teamNameOf(teamId);
  const comment = {
    id: randomUUID(),
    teamId,
    userId: people[member].id,
    date: today,
    pillarSlug: 'sleep' as const,
    questionSlug: 'sleep-quality',
    content: 'Matrix comment',
    answerTo: null,
    authorId: people[TEAMS[team].owner].id,
    createdAt: at,
    updatedAt: at,
  };
  await dynamoJournalStore.create(comment, []);
  return comment;
}

/** The gamer a caller's journal call is about: his own answers for a gamer, a teammate's for everyone else. */
const journalMemberOf = (caller: CallerName): Person => (personOf(caller) === 'GAMER' ? 'GAMER' : 'teammate');

/** A comment authored by the caller (or, for callers refused before any resolver, by the GAMER). */
async function ownComment(caller: CallerName) {
  const at = new Date().toISOString();
  const comment = {
    id: randomUUID(),
    teamId: teamIds.home,
    userId: people.teammate.id,
    date: today,
    pillarSlug: 'sleep' as const,
    questionSlug: 'sleep-quality',
    content: 'Matrix own comment',
    answerTo: null,
    authorId: people[personOf(caller)].id,
    createdAt: at,
    updatedAt: at,
  };
  await dynamoJournalStore.create(comment, []);
  return comment;
}

/** A running Stripe subscription of this user with its Payment, as the webhooks record one. */
async function paymentOf(userId: string): Promise<string> {
  const stripe = standInStripe();
  const customer = await stripe.customers.create({ email: freshEmail('matrix.payer') });
  const [price] = (await stripe.prices.list({ lookup_keys: ['team_dashboard_monthly'] })).data;
  // Nothing due (FULLPASS), and no metadata: the webhooks leave it to this fixture.
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    discounts: [{ coupon: 'FULLPASS' }],
  });
  const at = new Date().toISOString();
  await dynamoBillingStore.addPayment({
    id: subscription.id,
    userId,
    subscriptionConfigId: 'coach-performance-monthly',
    productName: 'Team Dashboard',
    productPrice: 3999,
    productId: null,
    paymentFrequency: 'monthly',
    subscriptionId: subscription.id,
    status: 'active',
    method: 'card',
    endTrialAt: null,
    endSubscriptionAt: null,
    coupon: 'FULLPASS',
    teamId: null,
    createdAt: at,
    updatedAt: at,
  });
  return subscription.id;
}

/** A week of its own for each challenge a fixture posts (years 2080 on: clear of the demo data and other suites). */
let challengeWeeks = 0;
const matrixWeek = () => ((challengeWeeks += 1), { year: 2080 + Math.floor(challengeWeeks / 52), week: 1 + (challengeWeeks % 52) });

/** A weekly challenge written through the store, for the calls that change or delete one. */
async function weeklyChallenge(): Promise<string> {
  const at = new Date().toISOString();
  const challenge = { id: randomUUID(), ...matrixWeek(), description: 'Matrix challenge', createdAt: at, updatedAt: at };
  const audit = {
    actorId: people.ADMIN.id,
    actorEmail: people.ADMIN.email,
    action: 'matrixFixture',
    targetType: 'WeeklyChallenge',
    targetId: challenge.id,
    targetLabel: 'matrix',
    before: null,
    after: null,
  };
  await dynamoWeeklyChallengeStore.create(challenge, audit);
  return challenge.id;
}

/** A COMPLETE, enabled video (the only kind a recommendation links), written through the video store. */
const recommendableVideo = once(async () => {
  const video = newVideoRecord(
    {
      id: randomUUID(),
      title: `Matrix recommended ${randomUUID()}`,
      category: 'sleep',
      pillarCategory: 'sleep',
      workflowStatus: 'COMPLETE',
      enabled: true,
    },
    new Date().toISOString(),
  );
  await dynamoVideoStore.create(video, {
    actorId: people.ADMIN.id,
    actorEmail: people.ADMIN.email,
    action: 'matrixFixture',
    targetType: 'Video',
    targetId: video.id,
    targetLabel: video.title,
    before: null,
    after: null,
  });
  return video.id;
});
const recommendationData = async () => ({
  title: 'Matrix',
  videoId: await recommendableVideo(),
  pillarSlug: 'sleep',
  questionSlug: 'sleep-quality',
  answer: 'terrible',
});

/** A recommendation written through the store, for the calls that change or delete one. */
async function recommendation(): Promise<string> {
  const at = new Date().toISOString();
  const made = { id: randomUUID(), ...(await recommendationData()), pillarSlug: 'sleep' as const, description: null, createdAt: at, updatedAt: at };
  await dynamoRecommendationStore.create(made, {
    actorId: people.ADMIN.id,
    actorEmail: people.ADMIN.email,
    action: 'matrixFixture',
    targetType: 'VideoRecommendation',
    targetId: made.id,
    targetLabel: 'matrix',
    before: null,
    after: null,
  });
  return made.id;
}

const verifiableCode = once(resetCode);
const spendableCode = once(resetCode);
const refreshable = once(() => signUp());
const loginAccount = once(() => signUp());

/** Video content made by the matrix's own admin, through the API as an admin makes it: each call gets its own item. */
async function asAdmin<T>(query: string, variables: Variables): Promise<T> {
  const { data, errors } = await graphql<T>(query, variables, { token: people.ADMIN.token });
  if (errors) throw new Error(`matrix fixture failed: ${JSON.stringify(errors)}`);
  return data!;
}
const matrixName = (label: string) => `Matrix ${label} ${randomUUID().slice(0, 8)}`;
const newVideo = async () =>
  (
    await asAdmin<{ createVideo: { id: string } }>('mutation($data: VideoCreateInput!) { createVideo(data: $data) { id } }', {
      data: { title: matrixName('video'), category: 'yoga', pillarCategory: 'mental' },
    })
  ).createVideo.id;
const newQuestion = async () =>
  (
    await asAdmin<{ createVideoQuestion: { id: string } }>('mutation($data: VideoQuestionCreateInput!) { createVideoQuestion(data: $data) { id } }', {
      data: { videoId: await newVideo(), type: 'STRING', text: 'My Notes' },
    })
  ).createVideoQuestion.id;
const newInstructor = async () =>
  (
    await asAdmin<{ createVideoInstructor: { id: string } }>('mutation($data: VideoInstructorInput!) { createVideoInstructor(data: $data) { id } }', {
      data: { fullName: matrixName('instructor') },
    })
  ).createVideoInstructor.id;
const newSeries = async () =>
  (
    await asAdmin<{ createVideoSeries: { id: string } }>('mutation($data: VideoSeriesCreateInput!) { createVideoSeries(data: $data) { id } }', {
      data: { name: matrixName('series') },
    })
  ).createVideoSeries.id;
const sharedVideo = once(newVideo);
const sharedSeries = once(newSeries);
const imageFile = { filename: 'image.png', mimetype: 'image/png', maxSizeBytes: 1000 };

/**
 * Valid arguments for every root field, keyed by field name. Calls that change something act on fresh accounts;
 * what a call spends (a reset code, a Discord code, a refresh token) is made fresh or made once for the one caller
 * the policy lets through.
 */
const FIXTURES: Record<string, Fixture> = {
  'Query.health': () => ({}),
  'Query.me': () => ({}),
  'Query.getSelectedTeam': () => ({}),
  'Query.myCheckIn': () => ({}),
  'Query.myScore': (subject) => subject,
  'Query.myScoreStats': windowOf,
  'Query.myTeamScoreStats': windowOf,
  'Query.myTeamDataStats': windowOf,
  'Query.myTeamDataStatsPro': windowOf,
  'Query.userAnswers': windowOf,
  'Query.userScoreStatistics': windowOf,
  'Query.teamMemberScores': windowOf,
  'Query.userAnswerBySlug': (subject) => ({ ...subject, questionSlug: 'sleep-quality' }),
  'Mutation.loginUser': async () => ({ email: (await loginAccount()).email, password: DEMO_PASSWORD }),
  'Mutation.signUpUser': () => ({
    data: { fullName: 'Matrix Sign-up', email: freshEmail('matrix.signup') },
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
  }),
  'Mutation.forgotPassword': async () => ({ email: (await loginAccount()).email }),
  'Mutation.forgotPasswordVerify': verifiableCode,
  'Mutation.forgotPasswordFinal': async () => ({ ...(await spendableCode()), password: 'N3w-Passw0rd!' }),
  'Mutation.refreshToken': async () => ({ refreshToken: (await refreshable()).refreshToken }),
  'Mutation.logInUserWithDiscord': discordCode,
  'Mutation.logoutUser': async () => ({ refreshToken: (await signUp()).refreshToken }),
  'Mutation.setSelectedTeam': (subject) => subject,
  'Mutation.submitAnswers': () => ({ answers: answersWith('best') }),
  'Subscription.onSelectedTeamChanged': (subject) => subject,
  'Subscription.onTeamMembersChanged': (subject) => subject,
  // Server only (@aws_iam): every user and the public token are refused; the teams Lambda's signed publish is in team-members-live.test.ts.
  'Mutation.publishTeamMembersChanged': () => ({ teamId: teamIds.home, userId: people.GAMER.id, change: 'joined', at: new Date().toISOString() }),
  'Query.teamsByOwner': (subject) => ({ ownerId: subject.userId }),
  'Query.team': (subject) => ({ ...subject, take: 5 }),
  'Query.teamWithStats': (subject) => ({ ...subject, questionSlug: 'sleep-quality', take: 5 }),
  'Query.user': (subject) => ({ id: subject.userId }),
  'Query.verifyTeamSubscription': (subject) => subject,
  'Query.getTeamCodes': (subject) => subject,
  'Query.teamSeatsSubscriptions': (subject) => subject,
  'Query.teamInvites': (subject) => subject,
  'Query.receivedInvites': () => ({}),
  'Query.receivedInviteByTeam': () => ({ teamId: teamIds.home }),
  'Mutation.acceptInvite': async (_, caller) => ({ inviteId: (await inviteTo(people[personOf(caller)].email)).inviteId }),
  'Mutation.rejectInvite': async (_, caller) => ({ inviteId: (await inviteTo(people[personOf(caller)].email)).inviteId }),
  'Mutation.joinTeamWithCode': async (_, caller) => ({ code: (await inviteTo(people[personOf(caller)].email)).code }),
  'Mutation.leaveTeam': async (_, caller) => ({ teamId: await makeTeam('otherDirector', { [personOf(caller)]: 'GAMER' }) }),
  'Mutation.createTeam': async (_, caller) => {
    const at = new Date().toISOString();
    const endSubscriptionAt = new Date(Date.now() + 86_400_000).toISOString();
    await dynamoSubscriptionStore.addPurchase({
      id: randomUUID(),
      userId: people[personOf(caller)].id,
      productName: 'Team Dashboard',
      status: 'active',
      paymentFrequency: 'monthly',
      endSubscriptionAt,
      createdAt: at,
    });
    return { data: { name: 'Matrix created', description: 'Made by the authorization matrix', game: 'Valorant' } };
  },
  'Mutation.updateTeam': (subject) => ({ ...subject, data: { description: 'Changed by the authorization matrix' } }),
  'Mutation.deleteTeam': async (subject) => ({ teamId: await copyOf(subject.teamId) }),
  'Mutation.deleteTeamSeat': async (subject) => {
    const seat = {
      id: randomUUID(),
      teamId: subject.teamId!,
      userId: 'billing',
      subscriptionId: 'sub_matrix',
      active: true,
      isDefaultSeat: false,
      createdAt: new Date().toISOString(),
    };
    await dynamoSubscriptionStore.addSeat(seat);
    return { id: seat.id, teamId: seat.teamId };
  },
  'Mutation.removeTeamMember': async (subject) => {
    const teamId = await copyOf(subject.teamId);
    const userId = randomUUID();
    await dynamoTeamStore.addMember({ teamId, userId, role: 'GAMER', joinedAt: new Date().toISOString() });
    return { teamId, userId };
  },
  'Mutation.sendInvite': (subject) => ({ ...subject, inviteeName: 'Matrix Invitee', inviteeEmail: freshEmail('matrix.invitee'), role: 'GAMER' }),
  'Query.hasUnusedDashboardPurchase': () => ({}),
  'Mutation.getImageUploadUrl': (subject) => ({
    ...subject,
    uploadType: 'AVATAR',
    filename: 'avatar.png',
    mimetype: 'image/png',
    maxSizeBytes: 1000,
  }),
  // A PNG already stored under the caller's prefix for the team, as if the caller had posted it.
  'Mutation.confirmAvatarUpload': async (subject, caller) => ({
    ...(await putAvatarObject(people[personOf(caller)].id, subject.teamId, TINY_PNG)),
    isTeamAvatar: true,
    teamId: subject.teamId,
  }),
  'Query.checkCoupon': () => ({ couponId: 'WELCOME20' }),
  'Query.cardDetails': () => ({}),
  'Query.subscriptionConfigs': () => ({}),
  'Query.dashboardPaymentPrompt': () => ({}),
  'Mutation.applyCouponToEmail': async () => ({ email: (await signUp()).email, couponId: 'WELCOME20' }),
  // A live claim of a fresh proven account, as applyCouponToEmail leaves it; whoever holds the mailed token may confirm it.
  'Mutation.confirmCoupon': async () => {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const account = await signUp();
    await dynamoUserStore.markEmailVerified(account.id, now.toISOString());
    await dynamoCouponClaimStore.put({
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      userId: account.id,
      email: account.email,
      couponId: 'WELCOME20',
      expiresAt: Math.floor(now.getTime() / 1000) + 3600,
      createdAt: now.toISOString(),
    });
    return { token };
  },
  'Mutation.upgradeSubscription': (subject) => ({ where: { id: 'coach-performance-monthly' }, teamId: subject.teamId }),
  'Mutation.startTrial': () => ({ where: { id: 'coach-performance-monthly' } }),
  'Mutation.setupPaymentMethod': () => ({}),
  'Query.findManyPayments': () => ({ where: { status: 'active', createdFrom: shiftDay(today, -6), createdTo: today, role: 'GAMER' }, take: 10 }),
  'Query.aggregatePayments': () => ({ where: { status: 'active' } }),
  'Query.getPaymentStats': () => ({ where: { status: 'active', search: 'WELCOME' } }),
  'Query.getGamersFromCoupon': () => ({ couponId: 'WELCOME20', startDate: shiftDay(today, -6), endDate: today }),
  'Query.getTeamsFromCoupon': () => ({ couponId: 'WELCOME20', startDate: shiftDay(today, -6), endDate: today }),
  'Mutation.createPayment': async () => ({ data: { email: (await signUp()).email, paymentFrequency: 'monthly' } }),
  'Mutation.createManualPayment': async () => ({ data: { email: (await signUp()).email, paymentFrequency: 'yearly' } }),
  'Mutation.addPromotion': () => ({
    file: { name: 'codes.csv', content: Buffer.from(`code\nMATRIX-${randomUUID()}\n`).toString('base64') },
    promotionName: 'Matrix promotion',
    platform: 'Web',
  }),
  'Mutation.cancelSubscription': async (_, caller) => ({ where: { id: await paymentOf(people[personOf(caller)].id) } }),
  'Mutation.deleteTeamInvite': async (subject) => {
    const { inviteId, teamId } = await inviteTo(freshEmail('matrix.invitee'), subject.teamId);
    return { id: inviteId, teamId };
  },
  'Query.getJournalComments': (subject, caller) => ({ ...subject, date: today, userId: people[journalMemberOf(caller)].id }),
  'Query.getRepliedComment': async (subject, caller) => ({ answerTo: (await commentOn(subject.teamId!, journalMemberOf(caller))).id }),
  'Subscription.onJournalComment': (subject, caller) => ({ ...subject, userId: people[journalMemberOf(caller)].id }),
  'Query.teamJournal': (subject) => ({ ...subject, date: today }),
  'Query.readinessAlerts': (subject) => ({ ...subject, date: today }),
  'Query.teamNotifications': () => ({}),
  'Query.myJournalComments': () => ({ take: 5 }),
  'Query.journalUnreadDays': (subject) => subject,
  'Mutation.readJournalDay': (subject) => ({ ...subject, date: today }),
  // A gamer replies on his own answers; the team's staff comment on a teammate's.
  'Mutation.createComment': async (subject, caller) => {
    const member = journalMemberOf(caller);
    const answerTo = (await commentOn(subject.teamId!, member)).id;
    return {
      ...subject,
      userId: people[member].id,
      date: today,
      pillarSlug: 'sleep',
      questionSlug: 'sleep-quality',
      content: 'Matrix reply',
      answerTo,
    };
  },
  'Mutation.updateComment': async (_, caller) => ({ data: { id: (await ownComment(caller)).id, content: 'Matrix changed' } }),
  'Mutation.deleteComment': async (subject, caller) => ({ ...subject, id: (await ownComment(caller)).id }),
  'Mutation.clearTeamNotifications': (subject) => ({ ...subject, teamId: teamIds.home }),
  'Mutation.updateNotificationSettings': () => ({ readinessAlertEmails: true }),
  'Query.getRecommendations': () => ({ take: 5, skip: 0 }),
  'Mutation.createVideoRecommendation': async () => ({ data: await recommendationData() }),
  'Mutation.updateVideoRecommendation': async () => ({
    id: await recommendation(),
    data: { ...(await recommendationData()), title: 'Matrix changed' },
  }),
  'Mutation.deleteVideoRecommendation': async () => ({ id: await recommendation() }),
  'Query.weeklyChallenges': () => ({}),
  'Query.currentWeeklyChallenge': () => ({}),
  'Mutation.createWeeklyChallenge': () => ({ data: { ...matrixWeek(), description: 'Matrix challenge' } }),
  'Mutation.updateWeeklyChallenge': async () => ({ where: { id: await weeklyChallenge() }, data: { description: 'Matrix changed' } }),
  'Mutation.deleteWeeklyChallenge': async () => ({ where: { id: await weeklyChallenge() } }),
  'Subscription.onTeamCheckIn': (subject) => subject,
  // Server only (@aws_iam), as publishTeamMembersChanged; the scoring Lambda's signed publish is in team-check-ins-live.test.ts.
  'Mutation.publishTeamCheckIn': () => ({ teamId: teamIds.home, userId: people.GAMER.id, date: today, at: new Date().toISOString() }),
  'Query.myDataExport': () => ({}),
  // Another e-mail than the caller's: see RESOLVER_REFUSALS. The deletion itself is in tests/integration/account.test.ts.
  'Mutation.deleteAccount': () => ({ email: freshEmail('matrix.not.mine') }),
  // The callers' mailboxes are proven already (beforeAll): see RESOLVER_REFUSALS. The proof itself is in tests/integration/email-proof.test.ts.
  'Mutation.sendEmailProof': () => ({}),
  'Mutation.proveEmail': () => ({ code: '123456' }),
  'Query.users': () => ({ where: { search: 'matrix' }, take: 1 }),
  'Query.aggregateUser': () => ({ where: { roles: ['GAMER'] } }),
  'Query.auditLogs': () => ({ take: 1 }),
  'Mutation.updateUser': (subject) => ({ where: { id: subject.userId }, data: { fullName: 'Matrix Name' } }),
  // Each admin action acts on a fresh gamer, whom every admin manages.
  'Mutation.updateUserRole': async () => ({ role: 'COACH', email: (await signUp()).email }),
  'Mutation.disableUser': async () => ({ email: (await signUp()).email }),
  'Mutation.enableUser': async () => ({ email: (await signUp()).email }),
  'Mutation.deleteUser': async () => ({ email: [(await signUp()).email] }),
  'Query.videos': () => ({ take: 2 }),
  'Query.aggregateVideo': () => ({}),
  'Query.video': async () => ({ where: { id: await sharedVideo() } }),
  'Query.getVideoUploadUrl': async () => ({ where: { id: await sharedVideo() }, fileExtension: 'mp4' }),
  'Query.videoInstructorsAndSeries': () => ({}),
  'Query.videoLibrary': () => ({ take: 2 }),
  'Mutation.createVideo': () => ({ data: { title: matrixName('created'), category: 'quick_drills', pillarCategory: 'lifestyle' } }),
  'Mutation.updateVideo': async () => ({ where: { id: await newVideo() }, data: { description: 'Changed by the authorization matrix' } }),
  'Mutation.deleteVideo': async () => ({ where: { id: await newVideo() } }),
  'Mutation.enableVideo': async () => ({ where: { id: await newVideo() } }),
  'Mutation.disableVideo': async () => ({ where: { id: await newVideo() } }),
  'Mutation.uploadVideoThumbnail': async () => ({ where: { id: await sharedVideo() }, file: imageFile }),
  'Mutation.createVideoQuestion': async () => ({
    data: { videoId: await newVideo(), type: 'INT', subType: 'rounds', text: 'How many rounds did you do?' },
  }),
  'Mutation.updateVideoQuestion': async () => ({ where: { id: await newQuestion() }, data: { defineWatched: true } }),
  'Mutation.deleteVideoQuestion': async () => ({ where: { id: await newQuestion() } }),
  'Mutation.createVideoInstructor': () => ({ data: { fullName: matrixName('instructor') } }),
  'Mutation.updateVideoInstructor': async () => ({ where: { id: await newInstructor() }, data: { fullName: matrixName('renamed') } }),
  'Mutation.deleteVideoInstructor': async () => ({ where: { id: await newInstructor() } }),
  'Mutation.createVideoSeries': () => ({ data: { name: matrixName('series') } }),
  'Mutation.updateVideoSeries': async () => ({ where: { id: await newSeries() }, data: { description: 'Changed by the authorization matrix' } }),
  'Mutation.deleteVideoSeries': async () => ({ where: { id: await newSeries() } }),
  'Mutation.uploadVideoSeriesCoverImage': async () => ({ where: { id: await sharedSeries() }, file: imageFile }),
  'Query.myReportShares': () => ({}),
  'Mutation.updateShareFGScore': () => ({ email: freshEmail('matrix.share'), status: 'ACTIVE', frequency: 'DAILY' }),
  'Query.reminderSettings': () => ({}),
  'Mutation.updateReminderSettings': () => ({ input: { enabled: false, hour: 7, channels: ['EMAIL'] } }),
  // A well-formed device nobody delivers to (the job is not run here).
  'Mutation.savePushSubscription': () => ({
    input: {
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${randomUUID()}`,
      p256dh: randomBytes(65).toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  }),
  'Mutation.removePushSubscription': () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-none' }),
  'Mutation.nudgeTeam': (subject) => subject,
  // A share of the teammate's: the recipient answers signed out (the public token) or signed in, whoever he is.
  'Mutation.activateShareFGScore': async () => ({ shareId: await shareOf(people.teammate.id), acceptance: 'ACCEPTED' }),
};

/**
 * Fields whose allowed call the fixture makes fail after authorization, so that the matrix's callers survive it: an
 * allowed caller reaches the resolver and gets this error type from it, a refused one Unauthorized before it.
 * deleteAccount with an e-mail that is not the caller's is refused by the resolver's own check (ValidationError);
 * sendEmailProof answers Conflict to an account whose mailbox is proven (every caller here), and proveEmail with no live
 * code ValidationError.
 */
const RESOLVER_REFUSALS: Record<string, string> = {
  'Mutation.deleteAccount': 'ValidationError',
  'Mutation.sendEmailProof': 'Conflict',
  'Mutation.proveEmail': 'ValidationError',
};

/** A new share of the user's reports, as updateShareFGScore makes it. */
async function shareOf(gamerId: string): Promise<string> {
  const id = randomUUID();
  const share = newShare({ id, gamerId, email: freshEmail('matrix.recipient'), frequency: 'DAILY' }, new Date().toISOString());
  await dynamoShareStore.create(share, freshEmail('matrix.sharer'), new Date());
  return id;
}

/** `query($a: T!) { field(a: $a) { __typename } }`, typed from the schema, with the arguments the fixture gives. */
function operationOf(typeName: string, field: GraphQLField<unknown, unknown>, variables: Variables): string {
  const args = field.args.filter((arg) => variables[arg.name] !== undefined);
  const declarations = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${typeName.toLowerCase()}${declarations ? `(${declarations})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
}

// ---- calling ----

const authOf = (caller: CallerName): GraphQLAuth =>
  caller === 'anonymous' ? {} : caller === 'publicToken' ? { publicToken: true } : { token: people[caller].token };

/** 'allowed', 'refused: <errorType>', or what else happened. */
type Outcome = string;

function outcomeOf(errors: { errorType?: string; message: string }[] | undefined): Outcome {
  const [first] = errors ?? [];
  if (!first) return 'allowed';
  return first.errorType === 'Unauthorized' || first.errorType === 'UnauthorizedException'
    ? `refused: ${first.errorType}`
    : `failed: ${first.errorType} ${first.message}`;
}

async function callOverHttp(caller: CallerName, operation: string, variables: Variables): Promise<Outcome> {
  return outcomeOf((await graphql(operation, variables, authOf(caller))).errors);
}

/** The realtime handshake as Amplify v6 does it: connection_init, then start; start_ack means subscribed. */
async function subscribe(caller: CallerName, operation: string, variables: Variables): Promise<Outcome> {
  const { graphqlUrl, realtimeUrl, publicToken } = stackUrls();
  const host = new URL(graphqlUrl).host;
  const header =
    caller === 'anonymous'
      ? { host }
      : caller === 'publicToken'
        ? { host, authorization: publicToken }
        : { host, Authorization: people[caller].token };
  const client = await RealtimeClient.connect(realtimeUrl, header);
  try {
    client.send({ type: 'connection_init' });
    const connection = await client.next((message) => message.type === 'connection_ack' || message.type === 'connection_error');
    if (connection.type === 'connection_error') return outcomeOf(connection.payload.errors);
    client.send({
      id: 'matrix',
      type: 'start',
      payload: { data: JSON.stringify({ query: operation, variables }), extensions: { authorization: header } },
    });
    const reply = await client.next((message) => message.id === 'matrix');
    return reply.type === 'start_ack' ? 'allowed' : outcomeOf(reply.payload.errors);
  } finally {
    client.ws.close();
  }
}

const isDeclared = (name: string): name is RootField => Object.hasOwn(policyMap, name);

/** What the policy map says the caller gets: anonymous callers never reach a resolver (AppSync needs credentials). */
function expectedOutcome(name: RootField, caller: CallerName, scenario: Scenario): Outcome {
  if (caller === 'anonymous') return 'refused: UnauthorizedException';
  const policyCaller: PolicyCaller = caller === 'publicToken' ? { signedIn: false } : { signedIn: true, groups: [caller] };
  const relations = caller === 'publicToken' ? [] : [...scenario.relations(caller), ...(isAdmin([caller]) ? (['admin'] as const) : [])];
  return isAllowed(policyMap[name], policyCaller, relations) ? 'allowed' : 'refused: Unauthorized';
}

// ---- setup ----

beforeAll(async () => {
  useStackEnvironment();
  const roles: Record<Person, Role> = {
    SELF: 'SELF',
    GAMER: 'GAMER',
    COACH: 'COACH',
    DIRECTOR: 'DIRECTOR',
    ADMIN: 'ADMIN',
    SUPERADMIN: 'SUPERADMIN',
    teammate: 'GAMER',
    outsider: 'GAMER',
    otherDirector: 'DIRECTOR',
  };
  const accounts = await Promise.all(Object.entries(roles).map(async ([person, role]) => [person, await accountWithRole(role, 'matrix')] as const));
  Object.assign(people, Object.fromEntries(accounts));
  // Invites matched by e-mail need a proven e-mail (docs/teams.md), as an invitee who signed up with the mailed code has.
  await Promise.all(Object.values(people).map((person) => dynamoUserStore.markEmailVerified(person.id, new Date().toISOString())));
  for (const [name, { owner, members }] of Object.entries(TEAMS) as [TeamName, (typeof TEAMS)[TeamName]][]) {
    teamIds[name] = await makeTeam(owner, members, `Matrix ${name}`);
  }
});

// ---- the matrix ----

describe('authorization matrix over schema.graphql', () => {
  it('covers every root field: each has a policy row and an argument fixture', () => {
    expect(rootFields.filter(({ name }) => !isDeclared(name)).map(({ name }) => name)).toEqual([]);
    expect(rootFields.filter(({ name }) => !(name in FIXTURES)).map(({ name }) => name)).toEqual([]);
  });

  it.each(rootFields.map((root) => [root.name, root] as const))(
    '%s answers every caller as the policy map says',
    async (name, { typeName, field }) => {
      if (!isDeclared(name) || !FIXTURES[name]) throw new Error(`${name} needs a declaration (lambdas/<domain>/fields.ts) and a fixture here`);
      const tasks = CALLERS.flatMap((caller) =>
        scenariosOf(policyMap[name].subject, caller).map((scenario) => async () => {
          const variables = await FIXTURES[name]!(scenario.subject, caller);
          const operation = operationOf(typeName, field, variables);
          const answer =
            typeName === 'Subscription' ? await subscribe(caller, operation, variables) : await callOverHttp(caller, operation, variables);
          const actual = RESOLVER_REFUSALS[name] && answer.startsWith(`failed: ${RESOLVER_REFUSALS[name]} `) ? 'allowed' : answer;
          return { call: `${caller} on ${scenario.label}`, actual, expected: expectedOutcome(name, caller, scenario) };
        }),
      );
      const results = await inParallel(tasks, 6, (task) => task());
      expect(results.map(({ call, actual }) => ({ call, outcome: actual }))).toEqual(
        results.map(({ call, expected }) => ({ call, outcome: expected })),
      );
    },
  );
});

/**
 * The gamer's view of the journal (docs/journal.md): the rows above admit a gamer to his team's journal fields; these
 * are the calls the resolvers keep to his own days, and the staff-only fields that stay so.
 */
describe("the gamer's journal: his own days only", () => {
  const GAMER_CALLS: { call: string; operation: string; variables: () => Promise<Variables> }[] = [
    {
      call: "reads a teammate's day",
      operation: 'query($teamId: ID!, $date: AWSDate!, $userId: ID) { getJournalComments(teamId: $teamId, date: $date, userId: $userId) { id } }',
      variables: async () => ({ teamId: teamIds.home, date: today, userId: people.teammate.id }),
    },
    {
      call: "reads the replies to a teammate's comment",
      operation: 'query($answerTo: ID!) { getRepliedComment(answerTo: $answerTo) { id } }',
      variables: async () => ({ answerTo: (await commentOn(teamIds.home, 'teammate')).id }),
    },
    {
      call: "replies on a teammate's day",
      operation: `mutation($teamId: ID!, $userId: ID!, $date: AWSDate!, $answerTo: ID) {
        createComment(teamId: $teamId, userId: $userId, date: $date, pillarSlug: "sleep", questionSlug: "sleep-quality", content: "Matrix", answerTo: $answerTo) { id } }`,
      variables: async () => ({
        teamId: teamIds.home,
        userId: people.teammate.id,
        date: today,
        answerTo: (await commentOn(teamIds.home, 'teammate')).id,
      }),
    },
    {
      call: "follows a teammate's comments live",
      operation: 'subscription($teamId: ID!, $userId: ID) { onJournalComment(teamId: $teamId, userId: $userId) { id } }',
      variables: async () => ({ teamId: teamIds.home, userId: people.teammate.id }),
    },
    {
      call: "reads the team day's journal (staff only)",
      operation: 'query($teamId: ID!, $date: AWSDate!) { teamJournal(teamId: $teamId, date: $date) { userId } }',
      variables: async () => ({ teamId: teamIds.home, date: today }),
    },
    {
      call: "reads the team day's readiness alerts (staff only)",
      operation: 'query($teamId: ID!, $date: AWSDate!) { readinessAlerts(teamId: $teamId, date: $date) { userId } }',
      variables: async () => ({ teamId: teamIds.home, date: today }),
    },
  ];

  it.each(GAMER_CALLS.map((gamerCall) => [gamerCall.call, gamerCall] as const))('a gamer of the team who %s is refused', async (_call, gamerCall) => {
    const variables = await gamerCall.variables();
    const outcome = gamerCall.operation.startsWith('subscription')
      ? await subscribe('GAMER', gamerCall.operation, variables)
      : await callOverHttp('GAMER', gamerCall.operation, variables);
    expect(outcome).toBe('refused: Unauthorized');
  });

  it("lists to a gamer the comments on his own days only, never a teammate's nor another team's", async () => {
    const mine = await commentOn(teamIds.home, 'GAMER');
    const teammates = await commentOn(teamIds.home, 'teammate');
    const outsiders = await commentOn(teamIds.other, 'outsider');
    const listed = async (who: Person) =>
      (
        await graphql<{ myJournalComments: { items: { id: string; userId: string }[] } }>(
          'query { myJournalComments(take: 50) { items { id userId } } }',
          {},
          { token: people[who].token },
        )
      ).data!.myJournalComments.items;
    const gamers = await listed('GAMER');
    expect(gamers.map((comment) => comment.id)).toContain(mine.id);
    expect(gamers.filter((comment) => comment.userId !== people.GAMER.id)).toEqual([]);
    expect((await listed('teammate')).map((comment) => comment.id)).toContain(teammates.id);
    expect((await listed('outsider')).map((comment) => comment.id)).toEqual([outsiders.id]);
    expect(await listed('DIRECTOR')).toEqual([]);
  });
});
