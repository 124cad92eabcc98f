import type { ExportColumn } from '@/lib/export/spreadsheet-export';
import type { GamerReport, TeamReport } from '../api/coupon-reports';

/** One row of a coupon report: a gamer's or a team's score on one day. */
export interface ReportRow {
  id: string;
  date: string;
  /** The gamer's e-mail or the team's name. */
  name: string;
  /** fgScore, one decimal (docs/billing.md, `getGamersFromCoupon`). */
  score: number | null;
}

export type ReportKind = 'gamers' | 'teams';

/** The report's rows by day (oldest first), then by name. */
export function reportRows(reports: readonly (GamerReport | TeamReport)[]): ReportRow[] {
  const rows = reports.flatMap((report) => {
    const [id, name] = 'userId' in report ? [report.userId, report.userEmail] : [report.teamId, report.teamName];
    return report.points.map((point) => ({
      id: `${id}#${point.date}`,
      date: point.date,
      name,
      score: point.value === null ? null : Math.round(point.value * 10) / 10,
    }));
  });
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

/** A score as the table shows it: always one decimal. */
export const scoreText = (score: number | null) => (score === null ? 'No data' : score.toFixed(1));

/** The Download Excel file names (docs/billing.md, "The pages"). */
export const reportFileName = (kind: ReportKind, coupon: string) => `${coupon}_${kind === 'gamers' ? 'user' : 'teams'}_fg_score`;

export const reportColumns = (kind: ReportKind): readonly ExportColumn<ReportRow>[] => [
  { header: 'date', value: (row) => row.date },
  { header: kind === 'gamers' ? 'userEmail' : 'teamName', value: (row) => row.name },
  { header: 'fgScore', value: (row) => (row.score === null ? null : Number(row.score.toFixed(1))) },
];
