import { scoreTypeLabel } from '@core/pillars';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import {
  ANALYTICS_DEBOUNCE_MS,
  mainAndPillarSeries,
  memberColour,
  membersOf,
  type ScorePoint,
  seriesColour,
  type WindowChoice,
  windowName,
} from '@/components/charts/chart-data';
import { ScoreChartCard, ScoreChartGrid } from '@/components/charts/score-chart-card';
import { WindowSwitch } from '@/components/charts/window-switch';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths, withParams } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ApiError } from '@/lib/api-client';
import { useViewer } from '@/lib/viewer';
import { type TeamMemberScore, type TeamStatistics, useTeamCheckInsLive, useTeamMemberScores, useTeamStatistics } from '../api/team-statistics';
import { rosterRows, type RosterRow } from '../lib/roster';
import { MembersSection } from './members-section';
import { MorningGroups } from './morning-groups';
import { NudgeButton } from './nudge-button';
import { ReadinessToday } from './readiness-today';
import { TeamHeatMap } from './team-heat-map';
import { WindowedStatistics } from './windowed-statistics';
import '../team-analytics.css';

/** /home/my-team/statistics/: the selected team's scores over a window, today's readiness and check-ins, and its members. */
export function TeamAnalyticsPage() {
  const viewer = useViewer();
  const teamId = viewer?.selectedTeamId ?? null;
  if (!viewer || (!teamId && viewer.selectedTeamRestoring)) {
    // While the chosen team is restored: the page's heading and the morning's frames, not "Choose a team first"; the
    // first paint does not wait for the API (docs/performance.md, "The signed-in pages' requests").
    return (
      <div className="fg-page fg-team-analytics">
        <AnalyticsHeader teamName={null} />
        <MorningGroups rows={[]} state="pending" nudge={null} />
      </div>
    );
  }
  if (!teamId) {
    return (
      <EmptyState
        title="Analytics"
        description="Choose a team first: its scores, its readiness and its members appear here."
        actions={<ButtonLink to={paths.home.root}>Go to your teams</ButtonLink>}
      />
    );
  }
  // The team's director and coaches remind its members (admins see the page but are not its staff).
  const staffs = [...(viewer.teams?.owned ?? []), ...(viewer.teams?.coached ?? [])].some((team) => team.id === teamId);
  return <TeamAnalytics teamId={teamId} viewerId={viewer.userId} canNudge={staffs} />;
}

function AnalyticsHeader({ teamName }: { teamName: string | null }) {
  return (
    <header className="fg-page__header">
      <h1>Analytics</h1>
      <p>{teamName ? `${teamName}: ` : ''}how the team is doing, who is ready today, and each member.</p>
    </header>
  );
}

function TeamAnalytics({ teamId, viewerId, canNudge }: { teamId: string; viewerId: string; canNudge: boolean }) {
  useTeamCheckInsLive(teamId);
  const [choice, setChoice] = useState<WindowChoice>({ days: 7 });
  const asked = useDebouncedValue(choice, ANALYTICS_DEBOUNCE_MS);
  const statistics = useTeamStatistics(teamId, asked);
  const members = useTeamMemberScores(teamId, asked);
  const roster = useMemo(() => rosterRows(members.data ?? []), [members.data]);
  // What comes below the morning draws from these: when data arrives, React draws the names first and the rest
  // in a deferred render that yields to the browser every few milliseconds (docs/performance.md).
  const shownMembers = useDeferredValue(members);
  const shownStatistics = useDeferredValue(statistics);
  const shownRoster = useDeferredValue(roster);
  const shownWindow = useDeferredValue(asked);

  if (statistics.error instanceof ApiError && statistics.error.errorType === 'Unauthorized') {
    return (
      <EmptyState
        title="Analytics"
        description={statistics.error.message}
        actions={<ButtonLink to={withParams(paths.home.myTeam.memberStatistics, { id: viewerId })}>See your own statistics</ButtonLink>}
      />
    );
  }

  return (
    <div className="fg-page fg-team-analytics">
      <AnalyticsHeader teamName={statistics.data?.teamName ?? null} />

      {/* The morning first, then the members, the days and the charts: the names a coach looks for are on the first screen. */}
      <MorningGroups
        rows={roster}
        state={members.status}
        nudge={
          canNudge && members.isSuccess ? <NudgeButton teamId={teamId} notCheckedIn={roster.filter((row) => !row.checkedInToday).length} /> : null
        }
      />

      {/* The rest once the members have first loaded: drawn while the morning's names were loading, it was pushed down
          the page when they arrived (a layout shift, docs/performance.md). A window change keeps the previous data. */}
      {members.isPending ? null : (
        <>
          <div className="fg-section-head fg-window-head">
            <h2 id="fg-team-window" className="fg-visually-hidden">
              Window
            </h2>
            <WindowSwitch name="team-window" value={choice} onChange={setChoice} customFrom={statistics.data?.fgScore ?? null} />
          </div>

          <BelowTheMorning teamId={teamId} roster={shownRoster} members={shownMembers} statistics={shownStatistics} asked={shownWindow} />
        </>
      )}
    </div>
  );
}

interface BelowTheMorningProps {
  teamId: string;
  roster: readonly RosterRow[];
  members: UseQueryResult<TeamMemberScore[]>;
  statistics: UseQueryResult<TeamStatistics>;
  asked: WindowChoice;
}

/** The members, the days, today's tiers and the charts; memoised, so the render that draws the morning skips them. */
const BelowTheMorning = memo(function BelowTheMorning({ teamId, roster, members, statistics, asked }: BelowTheMorningProps) {
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
