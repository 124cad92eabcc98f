import { randomUUID } from 'node:crypto';
import { EMAIL_NOT_PROVEN, EMAIL_PROOF_MESSAGES } from '@core/email-proof';
import {
  type activateShareArgsSchema,
  MAX_SHARES_PER_GAMER,
  NEW_SHARES_LIMIT_MESSAGE,
  type ShareRequest,
  type ShareStatus,
  type updateShareArgsSchema,
} from '@core/report-sharing';
import type { z } from 'zod';
import type { Caller } from '../lib/appsync';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import type { ReportShareActivation } from '../lib/gql/schema-types';
import { logger } from '../lib/observability';
import { newShare, type ShareRecord } from './store';
import { TransactionRefused } from '../lib/stores/transactions';
import { firstNameOf, type RecapDeps } from './deps';

/** A share as the API shows it: STOPPED only in the answer of the call that stopped it. */
type ShareView = Omit<ShareRecord, 'status'> & { status: ShareStatus | ShareRequest };

const NOT_SHARED = 'You do not share your reports with this email.';
const UNKNOWN_SHARE = 'This report link is no longer valid.';
const OPTED_OUT = 'This address unsubscribed from your reports, so they cannot be shared with it again.';

/**
 * `updateShareFGScore(email, status, frequency)`: ACTIVE shares the caller's reports with the e-mail (a new share is
 * pending and due at the next run of the recap job; an existing one takes the frequency), STOPPED deletes the share.
 * Sharing needs a proven mailbox: the recap mails another address on the sharer's behalf, so he must be someone who
 * reads his own (docs/recap.md). The arguments come parsed by the field's schema (./fields.ts).
 */
export async function updateShareFGScore(
  caller: Caller,
  { email, status, frequency }: z.infer<typeof updateShareArgsSchema>,
  deps: RecapDeps,
): Promise<ShareView> {
  const at = deps.now().toISOString();
  if (status === 'STOPPED') {
    const share = await deps.shares.get(caller.sub, email);
    if (!share || !(await deps.shares.remove(share))) throw new NotFoundError(NOT_SHARED);
    return { ...share, status: 'STOPPED' };
  }
  const sharer = await deps.users.get(caller.sub);
  if (!sharer) throw new NotFoundError('User not found. Please sign up');
  if (!sharer.emailVerified) throw new AppError(EMAIL_NOT_PROVEN, EMAIL_PROOF_MESSAGES.needed);
  if (sharer.email.toLowerCase() === email) throw new ValidationError('Share your reports with someone else’s email.');
  const existing = await deps.shares.setFrequency(caller.sub, email, frequency, at);
  if (existing) return existing;
  const share = newShare({ id: randomUUID(), gamerId: caller.sub, email, frequency }, at);
  try {
    await deps.shares.create(share, sharer.email, deps.now());
    return share;
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    if (error.label === 'count') throw new ConflictError(`You can share your reports with at most ${MAX_SHARES_PER_GAMER} email addresses.`);
    if (error.label === 'slot') throw new ConflictError(NEW_SHARES_LIMIT_MESSAGE);
    if (error.label === 'optOut') throw new ConflictError(OPTED_OUT);
    // Created by a concurrent call with the same e-mail: that share takes this frequency.
    const concurrent = await deps.shares.setFrequency(caller.sub, email, frequency, at);
    if (!concurrent) throw error;
    return concurrent;
  }
}

/** `myReportShares`: the caller's shares, by e-mail. */
export const myReportShares = (caller: Caller, deps: RecapDeps) => deps.shares.ofGamer(caller.sub);

/**
 * `activateShareFGScore(shareId, acceptance)` (public, from the recap e-mail's links): ACCEPTED keeps the reports
 * coming (ACTIVE), REJECTED stops them and opts the address out of this sharer's shares (by his address, so it outlives
 * his account) until it accepts again. A malformed or unknown id is refused before any write; the same answer twice
 * writes once.
 */
export async function activateShareFGScore(
  { shareId, acceptance }: z.infer<typeof activateShareArgsSchema>,
  deps: RecapDeps,
): Promise<ReportShareActivation> {
  const share = await deps.shares.byId(shareId);
  if (!share) throw new NotFoundError(UNKNOWN_SHARE);
  const gamer = await deps.users.get(share.gamerId);
  // The share goes with its gamer's account (the partition); one read between a deletion's steps finds it still.
  if (!gamer) throw new NotFoundError(UNKNOWN_SHARE);
  const status = acceptance === 'ACCEPTED' ? 'ACTIVE' : 'REJECTED';
  const at = deps.now().toISOString();
  // The opt-out outlives the share and the sharer's account: stopping it, or deleting the account, and sharing again
  // cannot mail the address again (docs/recap.md).
  if (status === 'REJECTED') await deps.shares.optOut(gamer.email, share.email, at);
  const changed = await deps.shares.setStatus(share, status, at);
  if (status === 'ACTIVE') await deps.shares.optIn(gamer.email, share.email);
  if (changed) logger.info('Report share answered', { shareId, status });
  return { shareId, status, frequency: share.frequency, gamerName: firstNameOf(gamer) };
}
