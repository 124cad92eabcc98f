import { inFlight } from '../lib/in-flight';
import { logger } from '../lib/observability';
import type { TeamRecord } from '../lib/stores/team-store';
import type { ReminderDeps } from './deps';
import { checkInStatus, deliver, nudgeChannels, nudgeMessage } from './delivery';

const MEMBERS_IN_FLIGHT = 8;

interface NudgeResult {
  /** Members reminded by this call: their reminder is on the mail queue (Web Push, e-mail), which delivers it. */
  nudged: number;
  /** Members who had not checked in but had been nudged today already (by this or another staff member). */
  alreadyNudged: number;
}

/**
 * `nudgeTeam(teamId)` (docs/reminders.md, "Nudge"): the team's gamers who have not checked in for their score day, and
 * have not turned nudges off, get a
 * reminder on their channels (e-mail for those without settings). One nudge per gamer and score day, whatever the number
 * of clicks or staff: each is claimed with a conditional Put before anything is sent. The team is the field's subject,
 * which its row (./fields.ts) admits for the team's director and coaches.
 */
export async function nudgeTeam(team: TeamRecord, deps: ReminderDeps, onlyUserId: string | null = null): Promise<NudgeResult> {
  const now = deps.now();
  // One gamer (his member page) only when he plays in the team: anyone else's id nudges nobody.
  const gamerIds = (await deps.teams.membersOf(team.id))
    .filter((member) => member.role === 'GAMER' && (onlyUserId === null || member.userId === onlyUserId))
    .map((member) => member.userId);
  const [gamers, settings] = await Promise.all([deps.users.getMany(gamerIds), deps.reminders.settingsOf(gamerIds)]);
  const channelsOf = new Map(settings.map((setting) => [setting.userId, setting.channels]));
  const result: NudgeResult = { nudged: 0, alreadyNudged: 0 };
  await inFlight(gamers, MEMBERS_IN_FLIGHT, async (gamer) => {
    // A gamer who turned nudges off (the nudge mail's settings link) gets none (docs/reminders.md, "Nudge").
    if (!gamer.enabled || gamer.nudges === false) return;
    const { day, checkedIn } = await checkInStatus(gamer, deps, now);
    if (checkedIn) return;
    const claim = await deps.reminders.claimNudge(gamer.id, day, now);
    if (claim === 'taken') result.alreadyNudged += 1;
    if (claim !== 'claimed') return;
    if (await deliver(gamer, nudgeChannels(channelsOf.get(gamer.id)), nudgeMessage(team.name), deps)) {
      result.nudged += 1;
      return;
    }
    // Nothing could be queued for him (Web Push only and no device, or the queue refused): the next nudge may try again.
    await deps.reminders.release({ userId: gamer.id, day, kind: 'nudge' });
    logger.warn('Nudge not delivered', { teamId: team.id, userId: gamer.id });
  });
  return result;
}
