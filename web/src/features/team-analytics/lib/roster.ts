import { type ReadinessTier, readinessTier } from '@core/scoring';
import type { TeamMemberScore } from '../api/team-statistics';

/** The readiness tiers, and "No data" for a member without a game readiness today (docs/product.md, "Team analytics"). */
const READINESS_TIERS = ['Game On', 'Moderately Ready', 'Subpar Ready', 'Not Ready', 'No data'] as const;
export type RosterTier = ReadinessTier | 'No data';

/**
 * Where a member stands this morning (docs/teams.md, "Who is not ready"): checked in and Not Ready on his FG Score or
 * more than one standard deviation below his own baseline; not checked in yet; or ready.
 */
export type MorningGroup = 'not-ready' | 'not-checked-in' | 'ready';

/** Today's check-in of a member, in the members table's words. */
export type TodayStatus = 'Checked in' | 'Not yet';

/** A row of the members table: the member's score card now, with its words. */
export interface RosterRow extends TeamMemberScore {
  name: string;
  /** The FG Score's readiness tier, as the gamer reads it too (docs/scoring.md, "Tiers and labels"); No data without one. */
  fgScoreLabel: RosterTier;
  /** The tier of today's game readiness; No data before today's check-in. */
  tier: RosterTier;
  todayStatus: TodayStatus;
  group: MorningGroup;
}

function morningGroup(member: TeamMemberScore): MorningGroup {
  if (!member.checkedInToday) return 'not-checked-in';
  return readinessTier(member.fgScore) === 'Not Ready' || member.fgDeviation?.below ? 'not-ready' : 'ready';
}

/** The roster in the morning's three groups: the not-ready lowest score first, the others in name order. */
export function morningGroups(rows: readonly RosterRow[]): Record<MorningGroup, RosterRow[]> {
  const of = (group: MorningGroup) => rows.filter((row) => row.group === group);
  return {
    'not-ready': of('not-ready').sort((a, b) => (a.fgScore ?? 0) - (b.fgScore ?? 0)),
    'not-checked-in': of('not-checked-in'),
    ready: of('ready'),
  };
}

export function rosterRows(members: readonly TeamMemberScore[]): RosterRow[] {
  return members.map((member) => ({
    ...member,
    name: member.fullName ?? member.email,
    fgScoreLabel: readinessTier(member.fgScore) ?? 'No data',
    tier: readinessTier(member.gameReadiness) ?? 'No data',
    todayStatus: member.checkedInToday ? 'Checked in' : 'Not yet',
    group: morningGroup(member),
  }));
}

/** The team's compliance: who checked in today, and the days checked in of the days counted, summed over the members. */
export interface TeamCheckIns {
  members: number;
  checkedInToday: number;
  daysCheckedIn: number;
  daysCounted: number;
  /** daysCheckedIn of daysCounted in percent, rounded; null while no member has a day that counts. */
  rate: number | null;
}

/** Every member-day weighs the same, so a member who joined yesterday moves the team's rate by one day, not by a fifth. */
export function teamCheckIns(rows: readonly RosterRow[]): TeamCheckIns {
  const sum = (count: (row: RosterRow) => number) => rows.reduce((total, row) => total + count(row), 0);
  const daysCheckedIn = sum((row) => row.daysCheckedIn);
  const daysCounted = sum((row) => row.daysCounted);
  return {
    members: rows.length,
    checkedInToday: sum((row) => (row.checkedInToday ? 1 : 0)),
    daysCheckedIn,
    daysCounted,
    rate: daysCounted === 0 ? null : Math.round((100 * daysCheckedIn) / daysCounted),
  };
}

/** How many members are in each tier today, every tier listed (0 included), in the spec's order. */
export function tierCounts(rows: readonly RosterRow[]): { tier: RosterTier; count: number }[] {
  return READINESS_TIERS.map((tier) => ({ tier, count: rows.filter((row) => row.tier === tier).length }));
}

/** The rows whose name or e-mail holds the search term (any case); all rows for an empty term. */
export function searchRoster(rows: readonly RosterRow[], term: string): RosterRow[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => row.name.toLowerCase().includes(needle) || row.email.toLowerCase().includes(needle));
}
