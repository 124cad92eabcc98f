/**
 * A start cut short while seeding is finished by the next start, without `npm run reset` (docs/local-mode.md, "A start
 * cut short"): a stack on its own data folder is killed whole (SIGKILL to its process group: the stack, DynamoDB
 * Local's JVM, cognito-local, ffmpeg) at a random moment of a seeding step, twice, and started again on the same
 * folder. The third start must finish the seed, and the demo data must then be what the local contract promises,
 * each thing once: every demo account signs in with its role, the teams have their members, seats, invite and
 * subscription, each gamer the check-in days of the generator, the journal its four comments and unread counts, and
 * the Stripe stand-in one subscription per bought team. The kill moments come from a logged seed: FG_SEED_KILL_SEED=<n>
 * replays them.
 */
import { join } from 'node:path';
import { DEMO_HISTORY_DAYS, demoCheckIn, habitsOf, seededRandom } from '../../scripts/seed/answers';
import { DEMO_COUPON_REDEEMERS, DEMO_PAYMENTS, demoTeams } from '../../scripts/seed/demo-data';
import { DEMO_COMMENTS } from '../../scripts/seed/journal';
import { SEED_STEP_PREFIX } from '../../scripts/seed/seed';
import { DEMO_SHARE } from '../../scripts/seed/shares';
import { DEMO_VIDEOS } from '../../scripts/seed/videos';
import { LOCAL_STRIPE_SECRET_KEY } from '../../scripts/local/stripe/server';
import type { TestStackInfo } from '../../scripts/local/test-stack-info';
import { useScratchStacks } from '../support/scratch-stacks';
import { invariantBreaches, tableItems, type Item } from '../support/invariants';
import { DEMO_PASSWORD, demoAccounts, graphqlAt } from '../support/stack';
import { cutStackPower, launchTestStack, startTestStack } from '../support/test-stack-process';

// Three starts on one data folder, each seeding (demo videos through real ffmpeg transcodes) on a busy 2-core machine.
jest.setTimeout(900_000);

const seed = Number(process.env.FG_SEED_KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The cuts: in the billing step (the teams' seats are all taken by then), then in one of the later, longer steps. */
const CUTS = [
  { steps: ['billing'], withinMs: 1500 },
  { steps: ['check-ins', 'journal', 'videos'], withinMs: 3000 },
];

const scratch = useScratchStacks('fitgauge-seed-resume-');

/** Starts the stack on the data folder and cuts its power `afterMs` after it logs the beginning of `step`. */
async function startAndCut(name: string, step: string, afterMs: number): Promise<void> {
  let cut: Promise<void> | undefined;
  let cutting = false;
  const starting = launchTestStack({
    web: 'none',
    dataDir: join(scratch.workDir, 'data'),
    logFile: join(scratch.workDir, `${name}.log`),
    lines: (line) => {
      if (cut || !line.startsWith(`${SEED_STEP_PREFIX}${step} (`)) return;
      cut = new Promise((resolve) => setTimeout(resolve, afterMs)).then(() => {
        if (starting.child.exitCode !== null || starting.child.signalCode !== null) return;
        cutting = true;
        return cutStackPower(starting);
      });
    },
  });
  const outcome = await starting.ready.then(
    () => 'ready before the cut',
    (error: Error) => (cutting ? 'cut while seeding' : `stopped by itself: ${error.message}`),
  );
  if (outcome === 'ready before the cut') await cutStackPower(starting);
  await cut;
  expect({ name, step, afterMs, seed, outcome }).toEqual({ name, step, afterMs, seed, outcome: 'cut while seeding' });
}

/** mulberry32 over the logged seed, so a failing run's cuts can be replayed. */
function seeded(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The check-in days the demo generator gives each gamer (scripts/seed/answers.ts), by e-mail. */
function expectedCheckInDays(): Record<string, number> {
  const days: Record<string, number> = {};
  for (const { email, role } of demoTeams.flatMap((team) => team.members)) {
    if (role !== 'GAMER' || email in days) continue;
    const random = seededRandom(email);
    const habits = habitsOf(random);
    days[email] = Array.from({ length: DEMO_HISTORY_DAYS }, () => demoCheckIn(habits, random)).filter(Boolean).length;
  }
  return days;
}

/** Each demo account's payments: its spread payments, a coupon redemption, the expired team's, one per bought team. */
function expectedPayments(): Record<string, number> {
  const payments: Record<string, number> = Object.fromEntries(demoAccounts.map(({ email }) => [email, 0]));
  for (const { email } of DEMO_PAYMENTS) payments[email] += 1;
  for (const email of DEMO_COUPON_REDEEMERS.emails) payments[email] += 1;
  for (const team of demoTeams) if (team.plan || team.subscriptionExpired) payments[team.ownerEmail] += 1;
  return payments;
}

/** The demo data as the table holds it, in the terms of the promise (e-mails, team names, counts). */
function demoDataIn(items: Map<string, Map<string, Item>>) {
  const all = [...items.values()].flatMap((partition) => [...partition.values()]);
  const emailOf = new Map(all.filter((item) => item.type === 'User').map((user) => [user.id as string, user.email as string]));
  const ofType = (partition: string, type: string) => [...(items.get(partition)?.values() ?? [])].filter((item) => item.type === type);
  const userPartition = (email: string) => `USER#${[...emailOf].find(([, known]) => known === email)?.[0]}`;
  return {
    accounts: demoAccounts.map(({ email }) => ({ email, profiles: ofType(userPartition(email), 'User').length })),
    teams: demoTeams.map((team) => {
      const seats = items.get(`TEAM#${team.id}`)?.get('SEATS');
      return {
        name: ofType(`TEAM#${team.id}`, 'Team')[0]?.name,
        members: ofType(`TEAM#${team.id}`, 'Membership')
          .map((membership) => `${emailOf.get(membership.userId)} ${membership.role}`)
          .sort(),
        seatsTaken: { gamers: seats?.gamers, coaches: seats?.coaches },
        invites: ofType(`TEAM#${team.id}`, 'Invite').map((invite) => `${invite.inviteeEmail} ${invite.role} ${invite.status}`),
        subscription: ofType(`TEAM#${team.id}`, 'Subscription').map((subscription) => subscription.status),
      };
    }),
    checkInDays: Object.fromEntries(Object.keys(expectedCheckInDays()).map((email) => [email, ofType(userPartition(email), 'MemberDay').length])),
    comments: all
      .filter((item) => item.type === 'Comment')
      .map((comment) => comment.id)
      .sort(),
    unread: {
      director: ofType(userPartition('director@fitgauge.test'), 'Notifications').map((n) => n.unread),
      coach: ofType(userPartition('coach@fitgauge.test'), 'Notifications').map((n) => n.unread),
    },
    payments: Object.fromEntries(demoAccounts.map(({ email }) => [email, ofType(userPartition(email), 'Payment').length])),
    videos: Object.fromEntries(
      all.filter((item) => item.type === 'Video').map((video) => [video.id, `${video.workflowStatus} ${video.enabled ? 'enabled' : 'disabled'}`]),
    ),
    recommendations: all.filter((item) => item.type === 'VideoRecommendation').length,
    weeklyChallenges: all.filter((item) => item.type === 'WeeklyChallenge').length,
    shares: ofType(userPartition(DEMO_SHARE.gamerEmail), 'ReportShare').map((share) => share.email),
  };
}

/** What the local contract promises, in the same terms. */
function promisedDemoData() {
  return {
    accounts: demoAccounts.map(({ email }) => ({ email, profiles: 1 })),
    teams: demoTeams.map((team) => ({
      name: team.name,
      members: team.members.map((member) => `${member.email} ${member.role}`).sort(),
      seatsTaken: {
        gamers: team.members.filter((member) => member.role === 'GAMER').length,
        coaches: team.members.filter((member) => member.role === 'COACH').length,
      },
      invites: team.pendingInvites.map((invite) => `${invite.email} ${invite.role} PENDING`),
      subscription: [team.subscriptionExpired ? 'canceled' : 'active'],
    })),
    checkInDays: expectedCheckInDays(),
    comments: DEMO_COMMENTS.map((comment) => comment.id).sort(),
    // docs/local-mode.md: the director starts with 3 unread notifications on Night Owls, the coach with 2.
    unread: { director: [3], coach: [2] },
    payments: expectedPayments(),
    videos: Object.fromEntries(
      DEMO_VIDEOS.map((video) => [
        video.id,
        { done: 'COMPLETE enabled', disabled: 'COMPLETE disabled', processing: 'PROGRESSING enabled' }[video.state],
      ]),
    ),
    recommendations: 2,
    weeklyChallenges: 3,
    shares: [DEMO_SHARE.email],
  };
}

/** The Stripe stand-in's subscriptions (all statuses), by the team their metadata names. */
async function stripeSubscriptionTeams(info: TestStackInfo): Promise<string[]> {
  const response = await fetch(`${info.urls.stripe}/v1/subscriptions?status=all&limit=100`, {
    headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` },
  });
  const { data } = (await response.json()) as { data: { metadata: { teamId?: string } }[] };
  return data.map((subscription) => demoTeams.find((team) => team.id === subscription.metadata.teamId)?.name ?? 'another').sort();
}

describe('a start cut short while seeding', () => {
  it('is finished by the next start, with every promised demo item there once', async () => {
    console.log(`seed-resume: FG_SEED_KILL_SEED=${seed}`);
    const random = seeded(seed);
    for (const [index, { steps, withinMs }] of CUTS.entries()) {
      const step = steps[Math.floor(random() * steps.length)]!;
      await startAndCut(`cut-${index + 1}`, step, Math.floor(random() * withinMs));
    }

    scratch.running = await startTestStack({ web: 'none', dataDir: join(scratch.workDir, 'data'), logFile: join(scratch.workDir, 'resumed.log') });
    const { info } = scratch.running;
    const signIns = await Promise.all(
      demoAccounts.map(async ({ email }) => {
        const answer = await graphqlAt<{ loginUser: { groups: string[] } }>(
          { graphqlUrl: info.urls.graphql, publicToken: info.config.publicToken },
          'mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { groups } }',
          { email, password: DEMO_PASSWORD },
          { publicToken: true },
        );
        return { email, groups: answer.data?.loginUser.groups, errors: answer.errors };
      }),
    );
    expect(signIns).toEqual(demoAccounts.map(({ email, role }) => ({ email, groups: [role], errors: undefined })));

    const items = await tableItems(info);
    expect({ seed, ...demoDataIn(items) }).toEqual({ seed, ...promisedDemoData() });
    // The demo's spread of payments for the admin pages (DEMO_PAYMENTS) are records without a Stripe subscription by design.
    const spread = /^USER#\S+ PAYMENT#demo-payment-\d+: a payment without its subscription state$/;
    expect({ seed, breaches: invariantBreaches(items).filter((breach) => !spread.test(breach)) }).toEqual({ seed, breaches: [] });
    expect(await stripeSubscriptionTeams(info)).toEqual(
      demoTeams
        .filter((team) => team.plan)
        .map((team) => team.name)
        .sort(),
    );
  });
});
