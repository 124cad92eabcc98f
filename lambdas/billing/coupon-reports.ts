/**
 * Coupon score reports (docs/billing.md, "Admin: coupon score reports"): the gamers who redeemed a coupon and the teams
 * bought with it, each with its fgScore per day. Reads the coupon's payments (gsi1 `COUPON#<code>`), then per gamer his
 * member days and per team its team days in the window: per-day aggregates, never the answers.
 */
import { dayScoreValue } from '@core/scoring/day-value';
import type { TeamDayAggregate } from '@core/scoring/team';
import type { gamersFromCouponArgsSchema, teamsFromCouponArgsSchema } from '@core/billing/admin-validation';
import type { z } from 'zod';
import type { BillingDeps } from './deps';

/** A report's value: one decimal (docs/billing.md, `getGamersFromCoupon`); the page shows it as it comes. */
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
/** The members' average fgScore of a team day, unrounded (teamMetricAverage rounds to whole scores). */
const teamFgAverage = ({ totals: { fgScore } }: TeamDayAggregate) => (fgScore.count === 0 ? null : fgScore.sum / fgScore.count);

export async function getGamersFromCoupon({ couponId, startDate, endDate }: z.infer<typeof gamersFromCouponArgsSchema>, deps: BillingDeps) {
  // A gamer's own redemptions: payments of a team (a dashboard bought with the coupon) belong to the teams report.
  const gamerIds = [
    ...new Set((await deps.billing.paymentsWithCoupon(couponId)).filter((payment) => !payment.teamId).map((payment) => payment.userId)),
  ];
  const gamers = await deps.users.getMany(gamerIds);
  const reports = await Promise.all(
    gamers.map(async (gamer) => ({
      userId: gamer.id,
      userEmail: gamer.email,
      points: (await deps.scores.memberDays(gamer.id, { startDate, endDate })).map((day) => ({
        date: day.date,
        value: oneDecimal(dayScoreValue(day, 'fgScore')),
      })),
    })),
  );
  return reports.sort((a, b) => a.userEmail.localeCompare(b.userEmail));
}

export async function getTeamsFromCoupon({ couponId, game, startDate, endDate }: z.infer<typeof teamsFromCouponArgsSchema>, deps: BillingDeps) {
  const teamIds = [...new Set((await deps.billing.paymentsWithCoupon(couponId)).flatMap((payment) => (payment.teamId ? [payment.teamId] : [])))];
  const teams = (await deps.teams.getMany(teamIds)).filter((team) => !game || team.game === game);
  const reports = await Promise.all(
    teams.map(async (team) => ({
      teamId: team.id,
      teamName: team.name,
      points: (await deps.scores.teamDays(team.id, { startDate, endDate })).map((day) => ({ date: day.date, value: oneDecimal(teamFgAverage(day)) })),
    })),
  );
  return reports.sort((a, b) => a.teamName.localeCompare(b.teamName));
}
