import { clearNotificationsArgsSchema, notificationSettingsArgsSchema, teamDayArgsSchema } from '@core/journal';
import type { Caller } from '../lib/appsync';
import { authorizeTeam, authorizeUser } from '../lib/authorization';
import { NotFoundError } from '../lib/errors';
import type { ReadinessAlertRecord, TeamUnread } from '../lib/stores/journal-store';
import { userView } from '../lib/stores/user-store';
import { isConditionFailure } from '../lib/db/table';
import { parseInput } from '../lib/validation';
import type { JournalDeps } from './deps';

/**
 * Unread journal notifications per team (raised by comments and readiness alerts, docs/journal.md), the readiness
 * alerts of a team day, and the caller's alert e-mail setting.
 */
export async function teamNotifications(caller: Caller, { journal }: JournalDeps): Promise<TeamUnread[]> {
  return journal.unreadOf(caller.sub);
}

export async function clearTeamNotifications(caller: Caller, args: unknown, deps: JournalDeps): Promise<TeamUnread> {
  const input = parseInput(clearNotificationsArgsSchema, args);
  await authorizeUser('Mutation.clearTeamNotifications', caller, input.userId, deps.teams);
  await deps.journal.clearUnread(caller.sub, input.teamId);
  return { teamId: input.teamId, unread: 0 };
}

export async function readinessAlerts(
  caller: Caller,
  args: unknown,
  deps: JournalDeps,
): Promise<(ReadinessAlertRecord & { fullName: string | null })[]> {
  const input = parseInput(teamDayArgsSchema, args);
  await authorizeTeam('Query.readinessAlerts', caller, input.teamId, deps.teams);
  const alerts = await deps.journal.alertsOf(input.teamId, input.date);
  const names = new Map((await deps.users.getMany(alerts.map((alert) => alert.userId))).map((user) => [user.id, user.fullName]));
  return alerts.map((alert) => ({ ...alert, fullName: names.get(alert.userId) ?? null }));
}

/** Answers the profile as every User is shown (userView), so the User type's derived fields are there too. */
export async function updateNotificationSettings(caller: Caller, args: unknown, deps: JournalDeps) {
  const { readinessAlertEmails } = parseInput(notificationSettingsArgsSchema, args);
  try {
    return userView(await deps.users.setReadinessAlertEmails(caller.sub, readinessAlertEmails, deps.now().toISOString()));
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('User not found. Please sign up');
    throw error;
  }
}
