import { exportSheet } from '@/lib/export/spreadsheet-export';
import { rosterRows, teamCheckIns } from './roster';
import { rosterColumns, USER_STATISTICS_COLUMNS } from './exports';

describe('the statistics export', () => {
  const row = {
    id: 'u1#2026-04-10#sleep',
    date: '2026-04-10',
    fgScore: 70,
    gameReadiness: 60,
    pillarSlug: 'sleep' as const,
    score: 75,
    pureScore: 75,
    completenessScore: 100,
    totalAnswers: 3,
    totalQuestions: 3,
  };

  it('writes the user score statistic fields in the spec’s order, dates as YYYY-MM-DD text', () => {
    const sheet = exportSheet(USER_STATISTICS_COLUMNS, [row]);
    expect(sheet.rows).toEqual([
      ['date', 'id', 'fgScore', 'gameReadiness', 'pillarSlug', 'score', 'pureScore', 'completenessScore', 'totalAnswers', 'totalQuestions'],
      ['2026-04-10', 'u1#2026-04-10#sleep', 70, 60, 'sleep', 75, 75, 100, 3, 3],
    ]);
  });

  it('makes every column 18 wide, the id 35 and the completeness 30', () => {
    expect(exportSheet(USER_STATISTICS_COLUMNS, []).widths).toEqual([18, 35, 18, 18, 18, 18, 18, 30, 18, 18]);
  });

  it('leaves an empty score empty, never 0', () => {
    const sheet = exportSheet(USER_STATISTICS_COLUMNS, [{ ...row, score: null, pureScore: null, completenessScore: 0, totalAnswers: 0 }]);
    expect(sheet.rows[1]!.slice(5, 9)).toEqual([null, null, 0, 0]);
  });
});

describe('the members export', () => {
  const ava = {
    userId: 'u1',
    fullName: 'Ava Reyes',
    email: 'ava@fitgauge.test',
    avatar: null,
    date: '2026-04-10',
    fgScore: 72,
    gameReadiness: 81,
    gaming: true,
    streak: 4,
    avgCompletion: 90,
    checkedInToday: true,
    lastCheckInAt: '2026-04-10T08:15:00.000Z',
    daysCheckedIn: 6,
    daysCounted: 7,
    checkInRate: 86,
    lastCheckInDate: '2026-04-10',
    lastGameReadiness: 81,
    lastAvgCompletion: 90,
    fgBaseline: null,
    fgDeviation: null,
    days: [],
  };

  it('follows the same width rule: the id 35, the completion 30, the rest 18', () => {
    const sheet = exportSheet(rosterColumns({ rate: 75 }), rosterRows([ava]));
    expect(sheet.rows[0]).toEqual([
      'id',
      'name',
      'email',
      'date',
      'fgScore',
      'fgScoreLabel',
      'gameReadiness',
      'readinessTier',
      'streak',
      'avgCompletion',
      'checkInToday',
      'lastCheckInAt',
      'daysCheckedIn',
      'daysCounted',
      'checkInRate',
      'teamCheckInRate',
    ]);
    expect(sheet.rows[1]).toEqual([
      'u1',
      'Ava Reyes',
      'ava@fitgauge.test',
      '2026-04-10',
      72,
      'Moderately Ready',
      81,
      'Game On',
      4,
      90,
      'Checked in',
      '2026-04-10T08:15:00.000Z',
      6,
      7,
      86,
      75,
    ]);
    expect(sheet.widths).toEqual([35, 18, 18, 18, 18, 18, 18, 18, 18, 30, 18, 18, 18, 18, 18, 18]);
  });

  it('writes a member who never checked in as Not yet, with empty time and rate cells', () => {
    const rows = rosterRows([{ ...ava, checkedInToday: false, lastCheckInAt: null, daysCheckedIn: 0, daysCounted: 0, checkInRate: null }]);
    const [, row] = exportSheet(rosterColumns(teamCheckIns(rows)), rows).rows;
    expect(row!.slice(10)).toEqual(['Not yet', null, 0, 0, null, null]);
  });

  it("writes the team's rate over all its members on every row, as the page shows it", () => {
    const rows = rosterRows([ava, { ...ava, userId: 'u2', daysCheckedIn: 1, daysCounted: 3, checkInRate: 33 }]);
    const sheet = exportSheet(rosterColumns(teamCheckIns(rows)), rows);
    // (6 + 1) of (7 + 3) member-days: 70 %, not the mean of 86 and 33.
    expect(sheet.rows.slice(1).map((row) => row.at(-1))).toEqual([70, 70]);
  });
});
