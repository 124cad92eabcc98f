import { randomUUID } from 'node:crypto';
import {
  type activateShareArgsSchema,
  MAX_SHARES_PER_GAMER,
  type ShareRequest,
  type ShareStatus,
  type updateShareArgsSchema,
} from '@core/report-sharing';
import type { z } from 'zod';
import type { Caller } from '../lib/appsync';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import type { ReportShareActivation } from '../lib/gql/schema-types';
import { logger } from '../lib/observability';
import { newShare, type ShareRecord } from './store';
import { TransactionRefused } from '../lib/stores/transactions';
import { gamerNameOf, type RecapDeps } from './deps';

/** A share as the API shows it: STOPPED only in the answer of the call that stopped it. */
type ShareView = Omit<ShareRecord, 'status'> & { status: ShareStatus | ShareRequest };

const NOT_SHARED = 'You do not share your reports with this email.';
const UNKNOWN_SHARE = 'This report link is no longer valid.';
const OPTED_OUT = 'This address unsubscribed from your reports, so they cannot be shared with it again.';

/**
 * `updateShareFGScore(email, status, frequency)`: ACTIVE shares the caller's reports with the e-mail (a new share is
 * pending and due at the next run of the recap job; an existing one takes the frequency), STOPPED deletes the share.
 * The arguments come parsed by the field's schema (./fields.ts).
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
  if ((await deps.users.get(caller.sub))?.email === email) throw new ValidationError('Share your reports with someone else’s email.');
  const existing = await deps.shares.setFrequency(caller.sub, email, frequency, at);
  if (existing) return existing;
  const share = newShare({ id: randomUUID(), gamerId: caller.sub, email, frequency }, at);
  try {
    await deps.shares.create(share);
    return share;
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    if (error.label === 'count') throw new ConflictError(`You can share your reports with at most ${MAX_SHARES_PER_GAMER} email addresses.`);
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
 * coming (ACTIVE), REJECTED stops them and opts the address out of this gamer's shares until it accepts again. A malformed or unknown id is refused before any write; the same answer twice
 * writes once.
 */
export async function activateShareFGScore(
  { shareId, acceptance }: z.infer<typeof activateShareArgsSchema>,
  deps: RecapDeps,
): Promise<ReportShareActivation> {
  const share = await deps.shares.byId(shareId);
  if (!share) throw new NotFoundError(UNKNOWN_SHARE);
  const status = acceptance === 'ACCEPTED' ? 'ACTIVE' : 'REJECTED';
  const at = deps.now().toISOString();
  // The opt-out outlives the share: stopping it and sharing again cannot mail the address again (docs/recap.md).
  if (status === 'REJECTED') await deps.shares.optOut(share.gamerId, share.email, at);
  const changed = await deps.shares.setStatus(share, status, at);
  if (status === 'ACTIVE') await deps.shares.optIn(share.gamerId, share.email);
  if (changed) logger.info('Report share answered', { shareId, status });
  const gamer = await deps.users.get(share.gamerId);
  return { shareId, status, frequency: share.frequency, gamerName: gamer ? gamerNameOf(gamer) : 'A FitGauge gamer' };
}
