import { useEffect } from 'react';
import { Outlet, useMatches, useSearchParams } from 'react-router-dom';
import { useViewer, type Viewer } from '@/lib/viewer';
import { useScrollResetOnNavigation } from './scroll-reset';

/** What a route keeps in its `handle`: its title, and whether the title names the team the page shows. */
export interface TitleHandle {
  title: string;
  team?: boolean;
}

const APP_NAME = 'FitGauge';

/** "Check-in · FitGauge", "Analytics · Night Owls · FitGauge": a tab or a home-screen switcher tells pages apart. */
function documentTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.filter(Boolean), APP_NAME].join(' · ');
}

/** The deepest matched route's title handle. */
function useTitleHandle(): TitleHandle | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<TitleHandle> | undefined;
    if (handle?.title) return handle as TitleHandle;
  }
  return null;
}

/** The root layout: every page's title, except team pages, whose title the signed-in frame writes (TeamPageTitle). */
export function TitledRoot() {
  useScrollResetOnNavigation();
  const handle = useTitleHandle();
  useEffect(() => {
    if (!handle?.team) document.title = documentTitle(handle?.title);
  }, [handle]);
  return <Outlet />;
}

function teamName(viewer: Viewer | null, teamId: string | null | undefined): string | undefined {
  if (!viewer?.teams || !teamId) return undefined;
  const { owned, coached, member } = viewer.teams;
  return [...owned, ...coached, ...member].find((team) => team.id === teamId)?.name;
}

/** Inside the signed-in frame: a team page's title names the team it shows (`?teamId=`, else the selected team). */
export function TeamPageTitle() {
  const handle = useTitleHandle();
  const viewer = useViewer();
  const [search] = useSearchParams();
  const name = teamName(viewer, search.get('teamId') ?? viewer?.selectedTeamId);
  useEffect(() => {
    if (handle?.team) document.title = documentTitle(handle.title, name);
  }, [handle, name]);
  return null;
}
