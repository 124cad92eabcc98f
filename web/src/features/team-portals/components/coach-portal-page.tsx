import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Flex, Heading, Text } from '@/components/ui/themed/primitives';
import { SelectField } from '@/components/ui/form/select-field';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/page-loader';
import { SearchBox } from '@/components/ui/search-box/search-box';
import { paths } from '@/config/paths';
import { formatScoreDay } from '@/lib/score-display';
import { useViewer, type TeamSummary } from '@/lib/viewer';
import { useLatestTeamScores, useMembersCounts } from '../api/team-stats';
import { filterAndSortTeams, TEAM_SORT_FIELDS, TEAM_SORT_LABELS, type SortDirection, type TeamSortField } from '../lib/team-sort';
import { ReceivedInvites } from './received-invites';
import { TeamCardList } from './team-card-list';
import { TeamCodeForm } from './team-code-form';
import '../team-portals.css';

/** The query that opens the invites tab (docs/product.md, "Signed-in routes": /home/coach-portal?tab=team-invite). */
const TAB_PARAM = 'tab';
const INVITES_TAB = new URL(paths.home.coachInvites, 'http://app.invalid').searchParams.get(TAB_PARAM)!;

const SORT_OPTIONS = TEAM_SORT_FIELDS.map((field) => ({ value: field, label: TEAM_SORT_LABELS[field] }));
const DIRECTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
] as const;

/** /home/coach-portal: the teams the user coaches, with the filter and sort bar, and the team-invite tab. */
export function CoachPortalPage() {
  const [searchParams] = useSearchParams();
  const invitesTab = searchParams.get(TAB_PARAM) === INVITES_TAB;
  return (
    <Flex direction="column" gap="large">
      <Heading level={1}>Coach Portal</Heading>
      <nav aria-label="Coach Portal" className="fg-tabs">
        <Link to={paths.home.coachPortal} className="fg-tabs__tab" aria-current={invitesTab ? undefined : 'page'}>
          My Teams
        </Link>
        <Link to={paths.home.coachInvites} className="fg-tabs__tab" aria-current={invitesTab ? 'page' : undefined}>
          Team Invites
        </Link>
      </nav>
      {invitesTab ? (
        <>
          <ReceivedInvites roles={['COACH']} />
          <TeamCodeForm />
        </>
      ) : (
        <CoachedTeams />
      )}
    </Flex>
  );
}

/** Search stays local (a coach has a handful of teams): the list filters as the user types, after a short pause. */
const SEARCH_DEBOUNCE_MS = 200;

function CoachedTeams() {
  const viewer = useViewer();
  const [search, setSearch] = useState('');
  const [field, setField] = useState<TeamSortField>('name');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const coached: readonly TeamSummary[] = viewer?.teams?.coached ?? [];
  const ids = coached.map((team) => team.id);
  const scores = useLatestTeamScores(ids);
  const members = useMembersCounts(ids);

  if (!viewer?.teams) return <PageLoader label="Loading your teams" />;
  if (coached.length === 0) {
    return (
      <EmptyState
        title="No teams yet"
        description={
          <>
            The teams you coach will appear here. A director invites you by e-mail: answer it under{' '}
            <Link to={paths.home.coachInvites}>Team Invites</Link>.
          </>
        }
      />
    );
  }

  const rows = coached.map((team) => ({
    ...team,
    fgScore: scores.get(team.id)?.value ?? null,
    // Decided: the date the team joined FitGauge (its creation); the spec names the field only.
    dateJoined: team.createdAt,
    noOfMembers: members.get(team.id) ?? null,
  }));
  const shown = filterAndSortTeams(rows, { search, field, direction });

  return (
    <Flex direction="column" gap="medium">
      <Flex className="fg-filter-bar" gap="medium" alignItems="flex-end" wrap="wrap">
        <SearchBox label="Search teams" onSearch={setSearch} debounceMs={SEARCH_DEBOUNCE_MS} />
        <SelectField label="Sort by" value={field} options={SORT_OPTIONS} onChange={setField} />
        <SelectField label="Order" value={direction} options={DIRECTIONS} onChange={setDirection} />
      </Flex>
      {shown.length === 0 ? (
        <Text role="status">No Items Found!</Text>
      ) : (
        <TeamCardList
          label="Teams you coach"
          teams={shown}
          scores={scores}
          details={(team) => (
            <span className="fg-team-card__details">
              {team.noOfMembers ?? '…'} members · since {formatScoreDay(team.dateJoined.slice(0, 10))}
            </span>
          )}
        />
      )}
    </Flex>
  );
}
