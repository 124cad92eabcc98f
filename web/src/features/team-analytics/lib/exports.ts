import type { ExportColumn } from '@/lib/export/spreadsheet-export';
import type { UserScoreStatistic } from '../api/member-statistics';
import type { RosterRow, TeamCheckIns } from './roster';

/**
 * A member's user score statistics as the export writes them, in the spec's order (docs/product.md, "Team
 * analytics", exports): one row per day and pillar; the id is 35 characters wide, the completeness 30, the rest 18.
 */
export const USER_STATISTICS_COLUMNS: readonly ExportColumn<UserScoreStatistic>[] = [
  { header: 'date', value: (row) => row.date },
  { header: 'id', value: (row) => row.id, role: 'id' },
  { header: 'fgScore', value: (row) => row.fgScore },
  { header: 'gameReadiness', value: (row) => row.gameReadiness },
  { header: 'pillarSlug', value: (row) => row.pillarSlug },
  { header: 'score', value: (row) => row.score },
  { header: 'pureScore', value: (row) => row.pureScore },
  { header: 'completenessScore', value: (row) => row.completenessScore, role: 'completeness' },
  { header: 'totalAnswers', value: (row) => row.totalAnswers },
  { header: 'totalQuestions', value: (row) => row.totalQuestions },
];

/**
 * The members table as the team export writes it, with the same widths rule (id 35, completion 30); the check-in
 * columns cover the window chosen on the page (docs/teams.md, "Compliance"), the last check-in as an ISO instant. A flat
 * file has no footer, so the team's rate over all its members (`teamCheckIns`, as the page shows it) is on every row.
 */
export function rosterColumns(team: Pick<TeamCheckIns, 'rate'>): readonly ExportColumn<RosterRow>[] {
  return [
    { header: 'id', value: (row) => row.userId, role: 'id' },
    { header: 'name', value: (row) => row.name },
    { header: 'email', value: (row) => row.email },
    { header: 'date', value: (row) => row.date },
    { header: 'fgScore', value: (row) => row.fgScore },
    { header: 'fgScoreLabel', value: (row) => row.fgScoreLabel },
    { header: 'gameReadiness', value: (row) => row.gameReadiness },
    { header: 'readinessTier', value: (row) => row.tier },
    { header: 'streak', value: (row) => row.streak },
    { header: 'avgCompletion', value: (row) => row.avgCompletion, role: 'completeness' },
    { header: 'checkInToday', value: (row) => row.todayStatus },
    { header: 'lastCheckInAt', value: (row) => row.lastCheckInAt },
    { header: 'daysCheckedIn', value: (row) => row.daysCheckedIn },
    { header: 'daysCounted', value: (row) => row.daysCounted },
    { header: 'checkInRate', value: (row) => row.checkInRate },
    { header: 'teamCheckInRate', value: () => team.rate },
  ];
}
