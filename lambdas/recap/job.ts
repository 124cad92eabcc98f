import { createHash } from 'node:crypto';
import { PILLAR_SLUGS } from '@core/pillars';
import { scoreDayUnder } from '@core/user-zone';
import { nextReportAt } from '@core/report-sharing';
import { workThroughDueShards } from '../lib/due-shards';
import { logger } from '../lib/observability';
import { scoreCardWithLatestDay } from '../lib/score-card';
import { RECAP_DUE_SHARDS } from '@core/report-sharing';
import { type ShareRecord } from './store';
import { firstNameOf, type RecapDeps } from './deps';
import { recapMessage } from './recap-email';

/** Due shares read per Query page, and how many of them are worked on side by side. */
const RECAP_PAGE_SIZE = 100;
const SHARES_IN_FLIGHT = 8;
/**
 * A recap to a pending share is an invitation (the recipient has not kept the reports yet): an address gets at most
 * this many a UTC day from all gamers together; the others stay due for a later run (docs/recap.md).
 */
const INVITATIONS_PER_ADDRESS_PER_DAY = 1;
/** Longer than a run can last (Lambda's 15 minutes). */
const STALE_CLAIM_MS = 20 * 60_000;

interface RecapRunOptions {
  /** The due shards to work through (default: all). */
  shards?: readonly number[];
  /** Epoch ms after which no new page is started (the Lambda's time budget); what is left stays due for the next run. */
  stopAfter?: number;
}

interface RecapRunResult {
  sent: number;
  /** Shares whose period had been sent by an earlier (interrupted) run: moved on without a second e-mail. */
  alreadySent: number;
  failed: number;
  /** Invitations held back because their address had its invitation of the day: they stay due. */
  deferred: number;
  /** True when the time budget ended the run before every due share was seen. */
  unfinished: boolean;
}

/**
 * The recap job (docs/recap.md): every pending or active share due now gets one e-mail for its period. Pages through
 * the due index shard by shard with Query (no Scan). A period is claimed with a guard item before its e-mail goes out,
 * so a retried or concurrent run never sends it twice; a failed e-mail gives the claim back and stays due.
 */
export async function runRecapJob(deps: RecapDeps, options: RecapRunOptions = {}): Promise<RecapRunResult> {
  const now = deps.now();
  const result: RecapRunResult = { sent: 0, alreadySent: 0, failed: 0, deferred: 0, unfinished: false };
  const shards = options.shards ?? Array.from({ length: RECAP_DUE_SHARDS }, (_, shard) => shard);
  const finished = await workThroughDueShards(
    shards,
    (shard, cursor) => deps.shares.due(shard, now.toISOString(), { limit: RECAP_PAGE_SIZE, cursor }),
    async (share) => {
      result[await sendRecap(share, deps, now)] += 1;
    },
    { limit: SHARES_IN_FLIGHT, stopAfter: options.stopAfter },
  );
  result.unfinished = !finished;
  logger.info('Recap run', { ...result });
  return result;
}

/** One share's recap for its current period. */
async function sendRecap(share: ShareRecord, deps: RecapDeps, now: Date): Promise<'sent' | 'alreadySent' | 'failed' | 'deferred'> {
  const period = share.nextReportAt;
  const nextReport = nextReportAt(period, share.frequency, now);
  const earlierClaim = await deps.shares.claimRecap(share, period, now);
  if (earlierClaim !== null) {
    // The period's e-mail went out (or is going out) in another run, which moves the share on. Only a claim older than
    // any run can last was left by a run that died after sending: the share is moved on here, without a second e-mail.
    if (now.getTime() - Date.parse(earlierClaim) > STALE_CLAIM_MS) {
      await deps.shares.recordRecap(share, period, { nextReportAt: nextReport, lastScore: share.lastScore, sentAt: null });
    }
    return 'alreadySent';
  }
  if (
    share.status === 'PENDING' &&
    !(await deps.rateLimits.take(
      `recapInvite#email#${createHash('sha256').update(share.email).digest('hex')}`,
      INVITATIONS_PER_ADDRESS_PER_DAY,
      86_400,
      now,
    ))
  ) {
    await deps.shares.releaseRecap(share, period);
    return 'deferred';
  }
  let score: number | null;
  try {
    const gamer = await deps.users.get(share.gamerId);
    if (!gamer) throw new Error('The gamer of the share has no profile.');
    const { card, latestDay } = await scoreCardWithLatestDay(gamer.id, scoreDayUnder(gamer, now).date, deps.scores);
    score = card.score;
    await deps.sendMail(
      await recapMessage({
        appUrl: deps.appUrl(),
        shareId: share.id,
        recipient: share.email,
        // No name in mail to someone who has not kept the reports: an account's name is free text (docs/recap.md).
        gamerName: share.status === 'ACTIVE' ? firstNameOf(gamer) : null,
        frequency: share.frequency,
        score,
        previousScore: share.lastScore,
        introduction: share.status === 'PENDING' && share.reportsSent === 0,
        pillarsDay: latestDay?.date ?? null,
        pillars: latestDay ? PILLAR_SLUGS.map((pillarSlug) => ({ pillarSlug, score: latestDay.pillars[pillarSlug].score })) : [],
      }),
    );
  } catch (error) {
    logger.error('Recap not sent; it stays due', { shareId: share.id, period, error });
    await deps.shares.releaseRecap(share, period);
    return 'failed';
  }
  await deps.shares.recordRecap(share, period, { nextReportAt: nextReport, lastScore: score, sentAt: now.toISOString() });
  return 'sent';
}
