/**
 * Seeds the demo accounts and teams into the running local stand-ins, through the same Cognito
 * admin API and stores the Lambdas use (endpoints come from the AWS_ENDPOINT_URL_* environment).
 * Every step skips what already exists, so an interrupted seed can simply run again.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { config } from '../../lambdas/lib/config';
import { dynamoAccountStore } from '../../lambdas/lib/stores/account-store';
import { dynamoInviteStore } from '../../lambdas/lib/stores/invite-store';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { TransactionRefused } from '../../lambdas/lib/stores/transactions';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { DEMO_HISTORY_DAYS, seedDemoAnswers } from './answers';
import { seedDemoBilling } from './billing';
import { seedDemoJournal } from './journal';
import { seedDemoRecommendations } from './recommendations';
import { seedDemoChallenges } from './weekly-challenges';
import { seedDemoVideos } from './videos';
import { seedDemoShares } from './shares';
import { DEMO_PASSWORD, DEMO_SUBSCRIPTION_PRODUCT, demoAccounts, demoTeams, type DemoAccount } from './demo-data';

/** The admin who posts the demo content, as the audit log records it. */
const DEMO_ADMIN_EMAIL = 'admin@fitgauge.test';

interface SeedResult {
  /** Cognito `sub` (= FitGauge user id) by e-mail. */
  userIds: Record<string, string>;
}

export async function seedDemoData(now = new Date()): Promise<SeedResult> {
  const cognito = new CognitoIdentityProviderClient({});
  const at = now.toISOString();
  const userIds: Record<string, string> = {};
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

  // The demo members joined before the seeded check-ins began, so the days they skipped count in their check-in rates
  // (docs/teams.md, "Compliance") as they would for a team that has used FitGauge for a month.
  const joinedAt = new Date(now.getTime() - (DEMO_HISTORY_DAYS + 1) * 86_400_000).toISOString();
  for (const team of demoTeams) {
    const ownerId = userIds[team.ownerEmail];
    await skipExisting(
      dynamoTeamStore.create({
        id: team.id,
        name: team.name,
        description: team.description,
        game: team.game,
        avatar: '',
        ownerId,
        createdAt: at,
        updatedAt: at,
      }),
    );
    for (const member of team.members) {
      await skipExisting(dynamoTeamStore.addMember({ teamId: team.id, userId: userIds[member.email], role: member.role, joinedAt }));
    }
    for (const invite of team.pendingInvites) {
      await skipExisting(
        dynamoInviteStore.create({
          id: invite.id,
          teamId: team.id,
          inviteeEmail: invite.email,
          inviteeName: invite.name,
          inviterUserId: ownerId,
          role: invite.role,
          status: 'PENDING',
          createdAt: at,
          updatedAt: at,
        }),
      );
    }
    // Teams with a plan are bought in the Stripe stand-in by seedDemoBilling.
    if (!team.plan) await skipExisting(putSubscription(team.id, ownerId, now, team.subscriptionExpired ?? false));
  }
  await seedDemoBilling(userIds, now);
  await seedDemoAnswers(userIds, now);
  await seedDemoJournal(userIds, now);
  await seedDemoChallenges(userIds[DEMO_ADMIN_EMAIL]!, DEMO_ADMIN_EMAIL, now);
  await seedDemoVideos(userIds[DEMO_ADMIN_EMAIL]!, now);
  await seedDemoRecommendations(userIds[DEMO_ADMIN_EMAIL]!, DEMO_ADMIN_EMAIL, now);
  await seedDemoShares(userIds, now);
  return { userIds };
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

/**
 * Conditional writes refuse items that exist; on a re-run that is the expected outcome. In a
 * transaction the item being written comes last (after its checks), and only its refusal counts.
 */
async function skipExisting(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return;
    // The team stores name the refusing item: the team, membership or invite that is already there.
    if (error instanceof TransactionRefused && ['team', 'membership', 'invite'].includes(error.label)) return;
    const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
    const itemExists = reasons.at(-1)?.Code === 'ConditionalCheckFailed' && reasons.slice(0, -1).every((r) => r.Code === 'None');
    if (!itemExists) throw error;
  }
}
