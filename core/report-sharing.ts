/**
 * Report sharing (docs/recap.md): a gamer shares his score reports with an e-mail address (a parent, a
 * private coach) daily or weekly; the recipient keeps or stops them from the recap e-mail's links, which lead to
 * `/recap/reports`. Pure rules shared by the sharing Lambda, the recap job and the web pages (docs/recap.md).
 */
import { z } from 'zod';
import { emailAddress } from './validation/fields';
import { NOT_IDEAL_CUTOFF, PEAK_FORM_CUTOFF, PRETTY_SOLID_CUTOFF, READINESS_TIER_CUTOFFS } from './scoring/labels';

/** The recap job's due index is split in this many partitions, each its own scheduled run (docs/recap.md, "Beyond 100,000 shares"). */
export const RECAP_DUE_SHARDS = 16;

export const REPORT_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** A share waits for its recipient (PENDING), who keeps it (ACTIVE) or stops it (REJECTED). */
export const SHARE_STATUSES = ['PENDING', 'ACTIVE', 'REJECTED'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];
/** What the gamer asks with updateShareFGScore: share (ACTIVE) or stop sharing (STOPPED). */
export const SHARE_REQUESTS = ['ACTIVE', 'STOPPED'] as const;
export type ShareRequest = (typeof SHARE_REQUESTS)[number];

export const REPORT_ACCEPTANCES = ['ACCEPTED', 'REJECTED'] as const;
export type ReportAcceptance = (typeof REPORT_ACCEPTANCES)[number];

/** Shares the recap job sends to. */
export const isDueStatus = (status: ShareStatus) => status === 'PENDING' || status === 'ACTIVE';

/** A gamer shares with at most this many addresses, so an account cannot be used to mail strangers in bulk. */
export const MAX_SHARES_PER_GAMER = 10;
/**
 * And starts at most this many shares in any NEW_SHARES_WINDOW_DAYS (rolling), stopped ones included, counted per
 * sharer's address: stopping shares and sharing with new addresses cannot mail more people (docs/recap.md).
 */
export const NEW_SHARES_PER_WINDOW = 10;
export const NEW_SHARES_WINDOW_DAYS = 30;
export const NEW_SHARES_LIMIT_MESSAGE = `You can share your reports with at most ${NEW_SHARES_PER_WINDOW} new email addresses in ${NEW_SHARES_WINDOW_DAYS} days.`;

export const FREQUENCY_LABELS: Record<ReportFrequency, string> = { DAILY: 'Daily', WEEKLY: 'Weekly' };
export const SHARE_STATUS_LABELS: Record<ShareStatus, string> = {
  PENDING: 'Waiting for the recipient',
  ACTIVE: 'Receiving',
  REJECTED: 'Unsubscribed',
};

const recipientEmail = emailAddress({ required: 'Please enter an email address.', invalid: 'Invalid email' });

/** The web form's fields (the gamer shares; stopping is a button on a listed share). */
export const shareFormSchema = z.object({
  email: recipientEmail,
  frequency: z.enum(REPORT_FREQUENCIES, { error: 'Choose daily or weekly.' }),
});

/** `updateShareFGScore(email, status, frequency)`. */
export const updateShareArgsSchema = shareFormSchema.extend({
  status: z.enum(SHARE_REQUESTS, { error: 'The status must be ACTIVE (share) or STOPPED (stop sharing).' }),
});

/** Share ids are UUIDs: anything else is refused before any read. */
const SHARE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MALFORMED_SHARE_ID = 'This report link is not valid.';
export const shareIdSchema = z
  .string({ error: MALFORMED_SHARE_ID })
  .max(64, { message: MALFORMED_SHARE_ID, abort: true })
  .regex(SHARE_ID_PATTERN, MALFORMED_SHARE_ID)
  .transform((id) => id.toLowerCase());

/** `activateShareFGScore(shareId, acceptance)`. */
export const activateShareArgsSchema = z.object({
  shareId: shareIdSchema,
  acceptance: z.enum(REPORT_ACCEPTANCES, { error: 'The acceptance must be ACCEPTED or REJECTED.' }),
});

const PERIOD_MS: Record<ReportFrequency, number> = { DAILY: 24 * 3600_000, WEEKLY: 7 * 24 * 3600_000 };

/**
 * The next report time after the one at `slot`: one period later, skipping the periods that passed while the job
 * did not run (a recipient gets one report, never a backlog).
 */
export function nextReportAt(slot: string, frequency: ReportFrequency, now: Date): string {
  const period = PERIOD_MS[frequency];
  const start = Date.parse(slot);
  const periodsPassed = Math.max(1, Math.floor((now.getTime() - start) / period) + 1);
  return new Date(start + periodsPassed * period).toISOString();
}

/** The landing page's query: `acceptance` is lower-case in links (docs/recap.md, "The landing page"). */
export function recapLink(appUrl: string, shareId: string, acceptance: ReportAcceptance, gamerName: string): string {
  const query = new URLSearchParams({ shareId, acceptance: acceptance.toLowerCase(), name: gamerName });
  return `${appUrl}/recap/reports?${query.toString()}`;
}

/** Reads the landing page's `acceptance`: accepted, anything else means unsubscribe (docs/recap.md, "The landing page"). */
export const acceptanceOfLink = (value: string | null): ReportAcceptance => (value?.toLowerCase() === 'accepted' ? 'ACCEPTED' : 'REJECTED');

/** What the score means (docs/scoring.md, "Tiers and labels"), for the recap e-mail and the landing page. */
export const SCORE_EXPLANATION = {
  intro:
    'The FG Score (0 to 100) follows how well a gamer sleeps, eats, keeps a clear head, lives and moves, from the daily check-in of five pillars: Sleep, Nutrition, Mental, Lifestyle and Physical.',
  tiers: [
    ...READINESS_TIER_CUTOFFS.map(([cutoff, tier]) => ({ range: `${cutoff} or above`, name: tier as string })),
    { range: 'below 45', name: 'Not Ready' },
  ],
  labels: [
    { range: `${PEAK_FORM_CUTOFF} or above`, name: 'Peak Form' },
    { range: `${PRETTY_SOLID_CUTOFF} or above`, name: 'Pretty Solid' },
    { range: `${NOT_IDEAL_CUTOFF} or above`, name: 'Not Ideal' },
    { range: `below ${NOT_IDEAL_CUTOFF}`, name: 'Danger Zone' },
    { range: 'no check-in yet', name: 'No data' },
    { range: 'a day flagged as not gaming', name: 'No Gaming' },
  ],
} as const;

/** Where recipients and gamers reach people (the landing page and the e-mails). */
export const SUPPORT_EMAIL = 'support@fitgauge.gg';
export const SOCIAL_LINKS = [
  { name: 'Discord', url: 'https://discord.gg/fitgauge' },
  { name: 'X', url: 'https://x.com/fitgauge' },
  { name: 'Instagram', url: 'https://www.instagram.com/fitgauge' },
  { name: 'YouTube', url: 'https://www.youtube.com/@fitgauge' },
] as const;
