import { pillarPullingReadinessDown } from '@core/journal';
import { pillarOf, type PillarSlug } from '@core/pillars';
import { type PillarScore, readinessTier } from '@core/scoring';
import type { MailMessage } from '../lib/mail';
import { logger } from '../lib/observability';
import type { JournalStore } from '../lib/stores/journal-store';
import type { TeamRecord, TeamStore } from '../lib/stores/team-store';
import type { UserStore } from '../lib/stores/user-store';

/**
 * Readiness alerts (docs/journal.md): when a gamer's check-in gives a game readiness in the Not Ready tier, the
 * director and coaches of each team he plays in get an in-app alert (once per team, gamer and day, with their unread
 * count raised) and an e-mail naming the gamer and the pillar that pulled the score down (once per recipient, gamer
 * and day, unless they turned these e-mails off). Run after the check-in is stored; a failure here is logged and never
 * fails the check-in.
 */
export interface AlertDeps {
  users: Pick<UserStore, 'get' | 'getMany'>;
  teams: Pick<TeamStore, 'get' | 'membersOf' | 'membershipsOfUser'>;
  journal: Pick<JournalStore, 'raiseAlert' | 'claimAlertMail'>;
  sendMail: (message: MailMessage) => Promise<void>;
  appUrl: () => string;
}

/** What the check-in answered: the day's game readiness and pillars. */
interface CheckedInDay {
  userId: string;
  date: string;
  gaming: boolean;
  gameReadiness: number | null;
  pillars: PillarScore[];
}

/** A mail guard outlives the day it is about by this much (then DynamoDB's TTL deletes it). */
const ALERT_MAIL_GUARD_SECONDS = 3 * 24 * 60 * 60;

async function staffOf(team: TeamRecord, teams: AlertDeps['teams']): Promise<string[]> {
  const coaches = (await teams.membersOf(team.id)).filter((member) => member.role === 'COACH').map((member) => member.userId);
  return [...new Set([team.ownerId, ...coaches])];
}

function alertMail(to: string, gamerName: string, day: CheckedInDay, pillar: PillarSlug, team: TeamRecord, appUrl: string): MailMessage {
  const pillarLabel = pillarOf(pillar).label;
  return {
    to,
    subject: `${gamerName} is Not Ready today`,
    text: [
      `${gamerName}'s game readiness on ${day.date} is ${day.gameReadiness} (Not Ready) in ${team.name}.`,
      `The pillar that pulled it down the most: ${pillarLabel}.`,
      '',
      `Open the journal: ${appUrl}/home/my-team/journal?teamId=${encodeURIComponent(team.id)}`,
      '',
      'You get these e-mails as a director or coach of the team; you can turn them off in your settings.',
    ].join('\n'),
  };
}

export async function alertStaffIfNotReady(day: CheckedInDay, deps: AlertDeps, now = new Date()): Promise<void> {
  if (!day.gaming || readinessTier(day.gameReadiness) !== 'Not Ready') return;
  try {
    const pillar = pillarPullingReadinessDown(
      Object.fromEntries(day.pillars.map((score) => [score.pillarSlug, score])) as Record<PillarSlug, PillarScore>,
    );
    const teamIds = (await deps.teams.membershipsOfUser(day.userId)).filter((m) => m.role === 'GAMER').map((m) => m.teamId);
    const teams = (await Promise.all(teamIds.map((teamId) => deps.teams.get(teamId)))).filter((team): team is TeamRecord => team !== null);
    const gamer = await deps.users.get(day.userId);
    const gamerName = gamer?.fullName || gamer?.username || 'A gamer';
    const alert = { userId: day.userId, date: day.date, gameReadiness: day.gameReadiness!, pillarSlug: pillar, createdAt: now.toISOString() };
    // The first team that names a recipient is the one his e-mail is about.
    const mailTeams = new Map<string, TeamRecord>();
    for (const team of teams) {
      const staff = (await staffOf(team, deps.teams)).filter((userId) => userId !== day.userId);
      await deps.journal.raiseAlert({ ...alert, teamId: team.id }, staff);
      for (const userId of staff) if (!mailTeams.has(userId)) mailTeams.set(userId, team);
    }
    const recipients = (await deps.users.getMany([...mailTeams.keys()])).filter((user) => user.readinessAlertEmails !== false);
    const expiresAt = Math.floor(now.getTime() / 1000) + ALERT_MAIL_GUARD_SECONDS;
    await Promise.all(
      recipients.map(async (recipient) => {
        if (!(await deps.journal.claimAlertMail(recipient.id, day.date, day.userId, expiresAt))) return;
        await deps.sendMail(alertMail(recipient.email, gamerName, day, pillar, mailTeams.get(recipient.id)!, deps.appUrl()));
      }),
    );
  } catch (error) {
    logger.error('readiness alert failed', { userId: day.userId, date: day.date, error: error as Error });
  }
}
