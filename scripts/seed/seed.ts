/**
 * Seeds the demo accounts and teams into the running local stand-ins, through the same Cognito
 * admin API and stores the Lambdas use (endpoints come from the AWS_ENDPOINT_URL_* environment).
 * Resumable: every step checks what is there and writes only what is missing, and a data folder keeps the moment its
 * seed began, so a seed cut short anywhere (a killed start, a timeout) is finished by the next start exactly as one
 * uninterrupted run would have written it (docs/local-mode.md, "A start cut short").
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../../lambdas/lib/config';
import { withDynamoDbLimits } from '../../lambdas/lib/db/client';
import { dynamoAccountStore } from '../../lambdas/lib/stores/account-store';
import { backfillCheckIns, backfillTeamDays } from '../../lambdas/lib/stores/score-backfill';
import { backfillSearchWords } from '../../lambdas/lib/stores/user-admin-store';
import { dynamoInviteStore } from '../../lambdas/lib/stores/invite-store';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { DEMO_HISTORY_DAYS, seedDemoAnswers } from './answers';
import { START_UP_LIMITS } from './start-up-limits';
import { seedDemoBilling } from './billing';
import { seedDemoJournal } from './journal';
import { seedDemoRecommendations } from './recommendations';
import { seedDemoChallenges } from './weekly-challenges';
import { seedDemoVideos } from './videos';
import { seedDemoShares } from './shares';
import { DEMO_PASSWORD, DEMO_SUBSCRIPTION_PRODUCT, demoAccounts, demoTeams, type DemoAccount } from './demo-data';

/** The admin who posts the demo content, as the audit log records it. */
const DEMO_ADMIN_EMAIL = 'admin@fitgauge.test';

/** The seed's steps, in order; each checks what is there, so all of them run again on a resumed seed. */
type SeedStep = { name: string; run: (seed: SeedRun) => Promise<void> };
interface SeedRun {
  now: Date;
  /** Cognito `sub` (= FitGauge user id) by e-mail, filled by the first step. */
  userIds: Record<string, string>;
}

const SEED_STEPS: SeedStep[] = [
  { name: 'accounts', run: seedAccounts },
  { name: 'teams', run: seedTeams },
  { name: 'billing', run: ({ userIds, now }) => seedDemoBilling(userIds, now) },
  { name: 'check-ins', run: ({ userIds, now }) => seedDemoAnswers(userIds, now) },
  { name: 'journal', run: ({ userIds, now }) => seedDemoJournal(userIds, now) },
  { name: 'weekly challenges', run: ({ userIds, now }) => seedDemoChallenges(userIds[DEMO_ADMIN_EMAIL]!, DEMO_ADMIN_EMAIL, now) },
  { name: 'videos', run: ({ userIds, now }) => seedDemoVideos(userIds[DEMO_ADMIN_EMAIL]!, now) },
  { name: 'recommendations', run: ({ userIds, now }) => seedDemoRecommendations(userIds[DEMO_ADMIN_EMAIL]!, DEMO_ADMIN_EMAIL, now) },
  { name: 'report sharing', run: ({ userIds, now }) => seedDemoShares(userIds, now) },
];

/** The line each step logs as it begins (tests/integration/seed-resume.test.ts cuts the power on it). */
export const SEED_STEP_PREFIX = 'Seeding the demo data: ';

/** A seed that stopped: names the step, and says what to run (scripts/start.ts prints it). */
class SeedStopped extends Error {
  constructor(step: string, cause: unknown) {
    super(
      `seeding the demo data stopped at "${step}": ${cause instanceof Error ? cause.message : String(cause)}\n` +
        'Run `npm start` again: the seed picks up where it stopped. If it stops at the same step every time, ' +
        '`npm run reset` wipes the local data (.local) and the next start seeds it afresh.',
      { cause },
    );
    this.name = 'SeedStopped';
  }
}

/**
 * Start-up's writes on a data folder: the demo data unless the folder holds it completely (`seeded.json`, written
 * last), then the admin search words of a folder from before that index. Runs with START_UP_LIMITS.
 */
export async function seedDataFolder(folder: string, { seed, where, log }: { seed: boolean; where: string; log: (line: string) => void }) {
  await withDynamoDbLimits(START_UP_LIMITS.dynamoDb, async () => {
    const seeded = join(folder, 'seeded.json');
    if (seed && !existsSync(seeded)) {
      const begun = join(folder, 'seeding.json');
      const now = await seedBegunAt(begun);
      const { userIds } = await seedDemoData(now, log);
      await writeWhole(seeded, JSON.stringify({ seededAt: new Date().toISOString(), users: Object.keys(userIds).length }));
      await rm(begun, { force: true });
      log(`Seeded the demo accounts (password Passw0rd!) into ${where}.`);
    }
    // A data folder seeded before the admin search index existed gets its users' search words once.
    const searchMarker = join(folder, 'user-search-indexed.json');
    if (!existsSync(searchMarker)) {
      const indexed = await backfillSearchWords();
      await writeWhole(searchMarker, JSON.stringify({ indexedAt: new Date().toISOString(), users: indexed }));
    }
    // A data folder with check-ins from before issue 33 gets its answers onto the days, without the Answer items, once.
    const checkInsMarker = join(folder, 'check-ins-backfilled.json');
    if (!existsSync(checkInsMarker)) {
      const moved = await backfillCheckIns();
      await writeWhole(checkInsMarker, JSON.stringify({ backfilledAt: new Date().toISOString(), ...moved }));
    }
    // And its team days' members from maps on the totals to member items (issue 33's second step), once.
    const teamDaysMarker = join(folder, 'team-days-backfilled.json');
    if (!existsSync(teamDaysMarker)) {
      const moved = await backfillTeamDays();
      await writeWhole(teamDaysMarker, JSON.stringify({ backfilledAt: new Date().toISOString(), ...moved }));
    }
  });
}

/** When this folder's seed began: kept from the first try, so a resumed seed writes the same days and times. */
async function seedBegunAt(file: string): Promise<Date> {
  const kept = await readFile(file, 'utf8').then(
    (text) => new Date((JSON.parse(text) as { startedAt: string }).startedAt),
    () => null,
  );
  if (kept && !Number.isNaN(kept.getTime())) return kept;
  const now = new Date();
  await writeWhole(file, JSON.stringify({ startedAt: now.toISOString() }));
  return now;
}

/** Replaces a file as a whole (temp file + rename), so a kill mid-write leaves the old one or none. */
async function writeWhole(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}

async function seedDemoData(now = new Date(), log: (line: string) => void = () => {}): Promise<{ userIds: Record<string, string> }> {
  const run: SeedRun = { now, userIds: {} };
  for (const [index, step] of SEED_STEPS.entries()) {
    log(`${SEED_STEP_PREFIX}${step.name} (${index + 1}/${SEED_STEPS.length})`);
    try {
      await step.run(run);
    } catch (error) {
      throw new SeedStopped(step.name, error);
    }
  }
  return { userIds: run.userIds };
}

async function seedAccounts({ now, userIds }: SeedRun): Promise<void> {
  const cognito = new CognitoIdentityProviderClient(START_UP_LIMITS.standIns);
  const at = now.toISOString();
  try {
    for (const account of demoAccounts) {
      const sub = await ensureCognitoUser(cognito, account);
      userIds[account.email] = sub;
      // Through the account store, as sign-up does, so demo e-mails hold their uniqueness claims too.
      const profile = await dynamoUserStore.get(sub);
      if (profile && !profile.emailVerified) await dynamoUserStore.markEmailVerified(sub, at);
      if (!profile) {
        await dynamoAccountStore.create({
          id: sub,
          email: account.email,
          fullName: account.fullName,
          username: account.username,
          avatar: null,
          role: account.role,
          enabled: true,
          selectedTeamId: null,
          // The demo addresses are ours: their invites (newcoach@'s) show without a code.
          emailVerified: true,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
  } finally {
    cognito.destroy();
  }
}

/** The teams, their members (each seat taken once), pending invites and the expired team's subscription. */
async function seedTeams({ now, userIds }: SeedRun): Promise<void> {
  const at = now.toISOString();
  // The demo members joined before the seeded check-ins began, so the days they skipped count in their check-in rates
  // (docs/teams.md, "Compliance") as they would for a team that has used FitGauge for a month.
  const joinedAt = new Date(now.getTime() - (DEMO_HISTORY_DAYS + 1) * 86_400_000).toISOString();
  for (const team of demoTeams) {
    const ownerId = userIds[team.ownerEmail];
    if (!(await dynamoTeamStore.get(team.id))) {
      await dynamoTeamStore.create({
        id: team.id,
        name: team.name,
        description: team.description,
        game: team.game,
        avatar: '',
        ownerId,
        createdAt: at,
        updatedAt: at,
      });
    }
    for (const member of team.members) {
      const userId = userIds[member.email];
      // Adding a member takes a seat: a member already there is not added again (a full team would refuse it).
      if (!(await dynamoTeamStore.getMembership(team.id, userId))) {
        await dynamoTeamStore.addMember({ teamId: team.id, userId, role: member.role, joinedAt });
      }
    }
    for (const invite of team.pendingInvites) {
      if (await dynamoInviteStore.get(team.id, invite.id)) continue;
      await dynamoInviteStore.create({
        id: invite.id,
        teamId: team.id,
        inviteeEmail: invite.email,
        inviteeName: invite.name,
        inviterUserId: ownerId,
        role: invite.role,
        status: 'PENDING',
        createdAt: at,
        updatedAt: at,
      });
    }
    // Teams with a plan are bought in the Stripe stand-in by seedDemoBilling.
    if (!team.plan && !(await dynamoSubscriptionStore.teamSubscription(team.id))) {
      await putSubscription(team.id, ownerId, now, team.subscriptionExpired ?? false);
    }
  }
}

async function ensureCognitoUser(cognito: CognitoIdentityProviderClient, account: DemoAccount): Promise<string> {
  const UserPoolId = config.userPoolId;
  let sub: string | undefined;
  try {
    const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId, Username: account.email }));
    sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: account.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: account.fullName },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error(`Cognito returned no sub for ${account.email}`);
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: sub, Password: DEMO_PASSWORD, Permanent: true }));
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: sub, GroupName: account.role }));
  return sub;
}

/** A monthly subscription that renews in 30 days, or one that ended 3 days ago. */
function putSubscription(teamId: string, ownerId: string, now: Date, expired: boolean) {
  const endsAt = new Date(now.getTime() + (expired ? -3 : 30) * 24 * 3600 * 1000).toISOString();
  return dynamoSubscriptionStore.createTeamSubscription({
    teamId,
    userId: ownerId,
    productName: DEMO_SUBSCRIPTION_PRODUCT,
    status: expired ? 'canceled' : 'active',
    paymentFrequency: 'monthly',
    method: 'card',
    endSubscriptionAt: endsAt,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
}
