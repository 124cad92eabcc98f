import { scoreTypeLabel } from '@core/pillars';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo } from 'react';
import {
  mainAndPillarSeries,
  memberColour,
  membersOf,
  type ScorePoint,
  seriesColour,
  type WindowChoice,
  windowName,
} from '@/components/charts/chart-data';
import { ScoreChartCard, ScoreChartGrid } from '@/components/charts/score-chart-card';
import type { TeamMemberScore, TeamStatistics } from '../api/team-statistics';
import type { RosterRow } from '../lib/roster';
import { MembersSection } from './members-section';
import { ReadinessToday } from './readiness-today';
import { TeamHeatMap } from './team-heat-map';
import { WindowedStatistics } from './windowed-statistics';

interface BelowTheMorningProps {
  teamId: string;
  roster: readonly RosterRow[];
  members: UseQueryResult<TeamMemberScore[]>;
  statistics: UseQueryResult<TeamStatistics>;
  asked: WindowChoice;
}

/**
 * Analytics below the morning: the members, the days, today's tiers and the charts. Memoised, so the render that draws
 * the morning skips them; its own file, loaded while the page waits for its data (team-analytics-page.tsx).
 */
export const BelowTheMorning = memo(function BelowTheMorning({ teamId, roster, members, statistics, asked }: BelowTheMorningProps) {
  const window = statistics.data?.fgScore ?? null;
  return (
    <>
      <MembersSection teamId={teamId} teamName={statistics.data?.teamName ?? null} rows={roster} query={members} windowLabel={windowName(asked)} />

      <TeamHeatMap rows={roster} window={window} windowLabel={windowName(asked)} />

      <ReadinessToday rows={roster} loading={members.isPending} />

      <section aria-labelledby="fg-team-scores" aria-busy={statistics.isFetching}>
        <h2 id="fg-team-scores" className="fg-section-head">
          Team scores
        </h2>
        <WindowedStatistics query={statistics} window={window} charts={8} what="the team's scores">
          {(data) => <TeamCharts statistics={data} roster={roster} windowLabel={windowName(asked)} />}
        </WindowedStatistics>
      </section>
    </>
  );
});

function TeamCharts({ statistics, roster, windowLabel }: { statistics: TeamStatistics; roster: readonly RosterRow[]; windowLabel: string }) {
  const window = statistics.fgScore;
  const averaged = mainAndPillarSeries({ fgScore: statistics.fgScore });
  const gameSeries: ['gameReadiness' | 'gamePerformance', ScorePoint[]][] = [
    ['gameReadiness', statistics.gameReadiness?.mainScoreStatistics ?? []],
    ['gamePerformance', statistics.gamePerformance?.mainScoreStatistics ?? []],
  ];
  const names = new Map(roster.map((row) => [row.userId, row.name]));
  const memberIds = membersOf(gameSeries.flatMap(([, points]) => points));
  const lines = memberIds.map((userId, index) => ({ userId, name: names.get(userId) ?? 'Former member', colour: memberColour(index) }));
  if (averaged.every((entry) => entry.points.length === 0) && gameSeries.every(([, points]) => points.length === 0)) {
    return <p className="fg-section-note">No check-ins in {windowLabel}.</p>;
  }
  return (
    <ScoreChartGrid series={averaged} window={window} windowName={windowLabel}>
      {gameSeries.map(([type, points]) => (
        <ScoreChartCard
          key={type}
          type={type}
          title={`${scoreTypeLabel(type)} by member`}
          colour={seriesColour(type)}
          points={points}
          window={window}
          windowName={windowLabel}
          members={lines}
        />
      ))}
    </ScoreChartGrid>
  );
}
