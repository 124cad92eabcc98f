import type { ScoreDay } from '@core/dates';
import { NotFoundError } from '../lib/errors';
import type { ReadinessAlertRecord, TeamUnread, UnreadDay } from '../lib/stores/journal-store';
import type { TeamRecord } from '../lib/stores/team-store';
import { userView } from '../lib/stores/user-store';
import { isConditionFailure } from '../lib/db/table';
import type { JournalDeps } from './deps';

/**
 * Unread journal notifications per team (raised by comments and readiness alerts, docs/journal.md), the readiness
 * alerts of a team day, and the caller's alert e-mail setting. The user and the team come authorized by ./fields.ts.
 */
export async function teamNotifications(userId: string, { journal }: JournalDeps): Promise<TeamUnread[]> {
  return journal.unreadOf(userId);
}

export async function clearTeamNotifications(userId: string, teamId: string, deps: JournalDeps): Promise<TeamUnread> {
  await deps.journal.clearUnread(userId, teamId);
  return { teamId, unread: 0 };
}

/** The caller's days of the team with unread comments or alerts, newest first: where his journal opens. */
export async function journalUnreadDays(userId: string, teamId: string, { journal }: JournalDeps): Promise<UnreadDay[]> {
  return journal.unreadDays(userId, teamId);
}

/** Marks read what the caller was shown: the comments and alerts of one team day, not the team's other days. */
export async function readJournalDay(userId: string, teamId: string, date: ScoreDay, { journal }: JournalDeps): Promise<TeamUnread> {
  return { teamId, unread: await journal.readDay(userId, teamId, date) };
}

export async function readinessAlerts(
  team: TeamRecord,
  date: ScoreDay,
  deps: JournalDeps,
): Promise<(ReadinessAlertRecord & { fullName: string | null })[]> {
  const alerts = await deps.journal.alertsOf(team.id, date);
  const names = new Map((await deps.users.getMany(alerts.map((alert) => alert.userId))).map((user) => [user.id, user.fullName]));
  return alerts.map((alert) => ({ ...alert, fullName: names.get(alert.userId) ?? null }));
}

/**
 * The caller's readiness-alert e-mails and, when given, his nudges (docs/reminders.md, "Nudge"). Answers the profile as
 * every User is shown (userView), so the User type's derived fields are there too.
 */
export async function updateNotificationSettings(
  userId: string,
  settings: { readinessAlertEmails: boolean; nudges?: boolean | null },
  deps: JournalDeps,
) {
  try {
    return userView(await deps.users.setNotificationSettings(userId, settings, deps.now().toISOString()));
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('User not found. Please sign up');
    throw error;
  }
}
