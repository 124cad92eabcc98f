import type { TeamMemberScore } from '../api/team-statistics';
import { morningGroups, rosterRows, searchRoster, teamCheckIns, tierCounts } from './roster';

const member = (userId: string, scores: Partial<TeamMemberScore>): TeamMemberScore => ({
  userId,
  fullName: `Gamer ${userId}`,
  email: `${userId}@fitgauge.test`,
  avatar: null,
  date: '2026-04-10',
  fgScore: null,
  gameReadiness: null,
  gaming: true,
  streak: 0,
  avgCompletion: null,
  checkedInToday: false,
  lastCheckInAt: null,
  daysCheckedIn: 0,
  daysCounted: 0,
  checkInRate: null,
  lastCheckInDate: null,
  lastGameReadiness: null,
  lastAvgCompletion: null,
  fgBaseline: null,
  fgDeviation: null,
  days: [],
  ...scores,
});

describe('the morning groups', () => {
  const below = { delta: -9, z: -1.4, below: true };
  const groups = morningGroups(
    rosterRows([
      member('ready', { checkedInToday: true, fgScore: 70, fgDeviation: { delta: -2, z: -0.5, below: false } }),
      member('dropped', { checkedInToday: true, fgScore: 66, fgDeviation: below }),
      member('low', { checkedInToday: true, fgScore: 40 }),
      member('late', { fgScore: 30, lastCheckInDate: '2026-04-09' }),
      member('new', { checkedInToday: true, fgScore: 50 }),
    ]),
  );
  const names = (group: keyof typeof groups) => groups[group].map((row) => row.userId);

  it('puts today’s Not Ready scores and drops of more than one standard deviation below the own baseline first, lowest score first', () => {
    expect(names('not-ready')).toEqual(['low', 'dropped']);
  });

  it('lists who has not checked in yet apart, whatever his last score, and the rest as ready (no baseline is no drop)', () => {
    expect(names('not-checked-in')).toEqual(['late']);
    expect(names('ready')).toEqual(['ready', 'new']);
  });
});

describe('the members table', () => {
  const rows = rosterRows([
    member('a', { fgScore: 82, gameReadiness: 80 }),
    member('b', { fgScore: 61, gameReadiness: 79.5 }),
    member('c', { fgScore: 45, gameReadiness: 59 }),
    member('d', { fgScore: 39, gameReadiness: 44 }),
    member('e', { fgScore: null, gameReadiness: 0 }),
    member('f', { fullName: null, fgScore: 70, gameReadiness: null }),
  ]);

  it('gives the FG Score its readiness tier, as the gamer reads it, and the tier of today’s game readiness, No data without one', () => {
    expect(rows.map((row) => [row.fgScoreLabel, row.tier])).toEqual([
      ['Game On', 'Game On'],
      ['Moderately Ready', 'Game On'],
      ['Subpar Ready', 'Subpar Ready'],
      ['Not Ready', 'Not Ready'],
      ['No data', 'No data'],
      ['Moderately Ready', 'No data'],
    ]);
    expect(rows[5]!.name).toBe('f@fitgauge.test');
  });

  it('counts every tier in the spec’s order, empty ones included', () => {
    expect(tierCounts(rows)).toEqual([
      { tier: 'Game On', count: 2 },
      { tier: 'Moderately Ready', count: 0 },
      { tier: 'Subpar Ready', count: 1 },
      { tier: 'Not Ready', count: 1 },
      { tier: 'No data', count: 2 },
    ]);
  });

  it('searches names and e-mails in any case', () => {
    expect(searchRoster(rows, ' gamer A ').map((row) => row.userId)).toEqual(['a']);
    expect(searchRoster(rows, 'F@FITGAUGE').map((row) => row.userId)).toEqual(['f']);
    expect(searchRoster(rows, '')).toHaveLength(6);
  });
});

describe('compliance', () => {
  const rows = rosterRows([
    member('a', { checkedInToday: true, lastCheckInAt: '2026-04-10T08:00:00.000Z', daysCheckedIn: 7, daysCounted: 7, checkInRate: 100 }),
    member('b', { lastCheckInAt: '2026-04-08T21:00:00.000Z', daysCheckedIn: 2, daysCounted: 6, checkInRate: 33 }),
    // Joined yesterday: no day counts yet.
    member('c', {}),
  ]);

  it('says who checked in today', () => {
    expect(rows.map((row) => row.todayStatus)).toEqual(['Checked in', 'Not yet', 'Not yet']);
  });

  it('gives the team’s rate over every member day that counts, not the average of the members’ rates', () => {
    expect(teamCheckIns(rows)).toEqual({ members: 3, checkedInToday: 1, daysCheckedIn: 9, daysCounted: 13, rate: 69 });
  });

  it('has no team rate while no member has a day that counts', () => {
    expect(teamCheckIns(rosterRows([member('c', {})]))).toMatchObject({ members: 1, checkedInToday: 0, rate: null });
    expect(teamCheckIns([])).toMatchObject({ members: 0, rate: null });
  });
});
