import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ANALYTICS_DEBOUNCE_MS, type WindowChoice } from '@/components/charts/chart-data';
import { WindowSwitch } from '@/components/charts/window-switch';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths, withParams } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ApiError } from '@/lib/api-client';
import { useViewer } from '@/lib/viewer';
import { useTeamCheckInsLive, useTeamMemberScores, useTeamStatistics } from '../api/team-statistics';
import { rosterRows } from '../lib/roster';
import { MorningGroups } from './morning-groups';
import { NudgeButton } from './nudge-button';
import '../team-analytics.css';

// The members table, the heat map and the charts are drawn once the data has come: their code (the data table, the
// charts) loads while the page waits for it, not before the page's first paint (docs/performance.md).
const loadBelowTheMorning = () => import('./below-the-morning');
const BelowTheMorning = lazy(async () => ({ default: (await loadBelowTheMorning()).BelowTheMorning }));

/** /home/my-team/statistics/: the selected team's scores over a window, today's readiness and check-ins, and its members. */
export function TeamAnalyticsPage() {
  const viewer = useViewer();
  const teamId = viewer?.selectedTeamId ?? null;
  if (!viewer || viewer.selectedTeamRestoring) {
    // While the chosen team is restored: the page's heading and the morning's frames, not "Choose a team first"; the
    // first paint does not wait for the API (docs/performance.md, "First visits without a service worker").
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
      <p>{teamName ? `${teamName}: how` : 'How'} the team is doing, who is ready today, and each member.</p>
    </header>
  );
}

function TeamAnalytics({ teamId, viewerId, canNudge }: { teamId: string; viewerId: string; canNudge: boolean }) {
  useTeamCheckInsLive(teamId);
  useEffect(() => void loadBelowTheMorning(), []);
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

          <Suspense fallback={null}>
            <BelowTheMorning teamId={teamId} roster={shownRoster} members={shownMembers} statistics={shownStatistics} asked={shownWindow} />
          </Suspense>
        </>
      )}
    </div>
  );
}
