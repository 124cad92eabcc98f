import { randomUUID } from 'node:crypto';
import { scoreDayOf, isoWeekOf } from '@core/dates';
import { CHALLENGE_TEXTS, type createWeeklyChallengeArgsSchema, type updateWeeklyChallengeArgsSchema } from '@core/weekly-challenges';
import type { z } from 'zod';
import type { Caller } from '../lib/appsync';
import { type Actor, auditActor } from '../lib/audit-actor';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { AuditEntry } from '../lib/stores/audit-store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { UserStore } from '../lib/stores/user-store';
import type { WeeklyChallengeRecord, WeeklyChallengeStore } from './store';

/**
 * Weekly challenges (docs/recommendations-and-challenges.md). Admins list, post, edit and delete
 * them (./fields.ts admits only ADMIN and SUPERADMIN to those fields); every signed-in user reads the challenge of
 * his current week on the check-in page. The arguments come parsed by the fields' schemas.
 */
export interface ChallengeDeps {
  challenges: WeeklyChallengeStore;
  users: Pick<UserStore, 'get'>;
  now: () => Date;
}

const NOT_FOUND = 'That challenge no longer exists.';

const weekLabel = ({ year, week }: Pick<WeeklyChallengeRecord, 'year' | 'week'>) => `${year} week ${week}`;

async function auditOf(
  { caller, action }: Actor,
  challenge: WeeklyChallengeRecord,
  before: AuditEntry['before'],
  after: AuditEntry['after'],
  deps: ChallengeDeps,
): Promise<AuditEntry> {
  return {
    ...(await auditActor(caller, deps.users)),
    action,
    targetType: 'WeeklyChallenge',
    targetId: challenge.id,
    targetLabel: weekLabel(challenge),
    before,
    after,
  };
}

async function existing(challengeId: string, deps: ChallengeDeps): Promise<WeeklyChallengeRecord> {
  const challenge = await deps.challenges.get(challengeId);
  if (!challenge) throw new NotFoundError(NOT_FOUND);
  return challenge;
}

/** A write refused because the challenge went away meanwhile is a NotFound; anything else is not ours to explain. */
function refusedAsGone(error: unknown): never {
  if (error instanceof TransactionRefused) throw new NotFoundError(NOT_FOUND);
  throw error;
}

export const weeklyChallenges = (deps: ChallengeDeps) => deps.challenges.all();

export async function createWeeklyChallenge(
  actor: Actor,
  { data }: z.infer<typeof createWeeklyChallengeArgsSchema>,
  deps: ChallengeDeps,
): Promise<WeeklyChallengeRecord> {
  const at = deps.now().toISOString();
  const challenge: WeeklyChallengeRecord = {
    id: randomUUID(),
    year: data.year,
    week: data.week,
    description: data.description,
    createdAt: at,
    updatedAt: at,
  };
  const audit = await auditOf(actor, challenge, null, { year: data.year, week: data.week, description: data.description }, deps);
  try {
    await deps.challenges.create(challenge, audit);
  } catch (error) {
    // The week's guard item is the one condition a fresh id can fail.
    if (error instanceof TransactionRefused && error.label === 'week') throw new ConflictError(CHALLENGE_TEXTS.duplicate);
    throw error;
  }
  return challenge;
}

export async function updateWeeklyChallenge(
  actor: Actor,
  { where, data }: z.infer<typeof updateWeeklyChallengeArgsSchema>,
  deps: ChallengeDeps,
): Promise<WeeklyChallengeRecord> {
  const challenge = await existing(where.id, deps);
  const audit = await auditOf(actor, challenge, { description: challenge.description }, { description: data.description }, deps);
  return deps.challenges.updateDescription(challenge, data.description, deps.now().toISOString(), audit).catch(refusedAsGone);
}

export async function deleteWeeklyChallenge(actor: Actor, challengeId: string, deps: ChallengeDeps): Promise<WeeklyChallengeRecord> {
  const challenge = await existing(challengeId, deps);
  const audit = await auditOf(actor, challenge, { year: challenge.year, week: challenge.week, description: challenge.description }, null, deps);
  await deps.challenges.delete(challenge, audit).catch(refusedAsGone);
  return challenge;
}

/** The challenge of the caller's current ISO week, by the score day in his own time zone. */
export async function currentWeeklyChallenge(caller: Caller, deps: ChallengeDeps): Promise<WeeklyChallengeRecord | null> {
  const profile = await deps.users.get(caller.sub);
  const { year, week } = isoWeekOf(scoreDayOf(deps.now(), profile?.timeZone));
  return deps.challenges.ofWeek(year, week);
}
