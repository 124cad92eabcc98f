import { isAdmin, isDirector, roleLabel } from '@core/roles';
import type { MemberOrderField } from '@core/teams';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button/button';
import { LoadError } from '@/components/errors/load-error';
import { DataTable, DEFAULT_PAGE_SIZE, type ColumnSort, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { SearchBox } from '@/components/ui/search-box/search-box';
import { paths, withQuery } from '@/config/paths';
import { formatInstant } from '@/lib/score-display';
import { useRemoveTeamMember, useTeamMembers, useTeamMembersLive, type MyTeam, type TeamMember } from '../api/members';
import { useTeamStaffView } from '../api/staff-view';
import { manageableRoles, seesTeamBusiness } from '../lib/team-staff';
import { actionColumn } from './action-column';
import { InviteDialog } from './invite-dialog';
import { TeamBusiness } from './team-business';
import '../my-team.css';

/** The pause after typing before the member list is searched. */
const SEARCH_DEBOUNCE_MS = 400;

interface MyTeamPageProps {
  /** The selected team (the viewer's team choice); null shows how to choose one. */
  teamId: string | null;
  /** The viewer's Cognito groups: who may invite and remove whom. */
  groups: readonly string[];
  /** The Edit team button and its dialog for this team, given by the app (another feature builds the team form). */
  editTeamAction?: (team: MyTeam) => ReactNode;
}

/** /home/my-team: the selected team's members, seats, invites and codes, live as members join and leave. */
export function MyTeamPage({ teamId, groups, editTeamAction }: MyTeamPageProps) {
  if (!teamId) {
    return (
      <EmptyState
        title="No team selected"
        description="Choose a team to see its members and invites."
        actions={<ButtonLink to={isDirector(groups) ? paths.home.managerPortal : paths.home.coachPortal}>Choose a team</ButtonLink>}
      />
    );
  }
  // A new team starts a fresh page (search, page, dialogs).
  return <TeamView key={teamId} teamId={teamId} groups={groups} editTeamAction={editTeamAction} />;
}

function TeamView({ teamId, groups, editTeamAction }: MyTeamPageProps & { teamId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [sort, setSort] = useState<ColumnSort | null>(null);
  const [inviting, setInviting] = useState(false);

  const staff = seesTeamBusiness(groups);
  const roles = useMemo(() => manageableRoles(groups), [groups]);
  const addSeatsPath = isDirector(groups) ? withQuery(paths.pricing, { teamId }) : null;
  useTeamMembersLive(teamId);
  const members = useTeamMembers({
    teamId,
    search: search || undefined,
    orderBy: sort ? (sort.id as MemberOrderField) : undefined,
    direction: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    take: page.pageSize,
    skip: page.pageIndex * page.pageSize,
  });
  const business = useTeamStaffView(teamId, staff);

  const remove = useRemoveTeamMember(teamId, (member) => `${member.fullName || member.email} was removed from the team.`);
  const { ask } = remove;

  const columns = useMemo(
    (): DataTableColumn<TeamMember>[] => [
      { id: 'fullName', header: 'Name', value: (member) => member.fullName },
      { id: 'email', header: 'E-mail', value: (member) => member.email },
      { id: 'role', header: 'Role', value: (member) => member.role, cell: (member) => roleLabel(member.role) },
      { id: 'joinedAt', header: 'Joined', value: (member) => member.joinedAt, cell: (member) => formatInstant(member.joinedAt) },
      actionColumn<TeamMember>({ label: 'Remove', describe: (member) => member.fullName || member.email, roles, onClick: ask }),
    ],
    [roles, ask],
  );

  if (members.isPending) return <PageLoader label="Loading your team…" />;
  if (members.isError) return <LoadError heading="Your team could not be loaded" error={members.error} onRetry={() => void members.refetch()} />;
  const team = members.data;
  if (!team) return <EmptyState title="Team not found" description="This team no longer exists. Choose another team." />;

  return (
    <div className="fg-page fg-my-team">
      <header className="fg-page__header fg-my-team__header">
        <h1>{team.name}</h1>
        <div className="fg-my-team__actions">
          {/* Only the director (and admins) change the team (updateTeam). */}
          {isDirector(groups) || isAdmin(groups) ? editTeamAction?.(team) : null}
          {roles.length > 0 ? (
            <Button variation="primary" onClick={() => setInviting(true)}>
              Invite
            </Button>
          ) : null}
        </div>
      </header>

      <section aria-labelledby="fg-my-team-members" className="fg-my-team__section">
        <div className="fg-my-team__section-head">
          <h2 id="fg-my-team-members">Members</h2>
          <SearchBox
            label="Search members"
            debounceMs={SEARCH_DEBOUNCE_MS}
            onSearch={(term) => {
              setSearch(term);
              setPage((current) => ({ ...current, pageIndex: 0 }));
            }}
          />
        </div>
        <DataTable
          label="Team members"
          columns={columns}
          data={team.members ?? []}
          getRowId={(member) => member.userId}
          serverSide={{
            rowCount: team.membersCount ?? 0,
            pageIndex: page.pageIndex,
            pageSize: page.pageSize,
            onPage: setPage,
            sort,
            onSort: (next) => {
              setSort(next);
              setPage((current) => ({ ...current, pageIndex: 0 }));
            },
          }}
        />
      </section>

      {staff ? <TeamBusiness teamId={teamId} view={business} roles={roles} addSeatsPath={addSeatsPath} /> : null}

      <InviteDialog
        open={inviting}
        teamId={teamId}
        roles={roles}
        addSeatsPath={addSeatsPath}
        onClose={() => setInviting(false)}
        // The team's reads are refreshed by the invite's hook (useSendInvite).
        onSent={() => setInviting(false)}
      />
      <ConfirmDialog open={remove.target !== null} title="Remove member" busy={remove.busy} onAccept={remove.confirm} onDecline={remove.cancel}>
        Are you sure you want to remove {remove.target?.fullName || remove.target?.email} from {team.name}?
      </ConfirmDialog>
    </div>
  );
}
