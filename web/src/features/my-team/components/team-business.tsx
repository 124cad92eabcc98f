import { roleLabel } from '@core/roles';
import type { InviteRole } from '@core/teams';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LoadError } from '@/components/errors/load-error';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { formatInstant } from '@/lib/score-display';
import { useDeleteTeamInvite, type SentInvite, type StaffView, type TeamCode } from '../api/staff-view';
import { actionColumn } from './action-column';

interface TeamBusinessProps {
  teamId: string;
  view: UseQueryResult<StaffView>;
  /** The invite roles the viewer may withdraw. */
  roles: readonly InviteRole[];
  addSeatsPath: string | null;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const STATUS_LABELS: Record<SentInvite['status'], string> = { PENDING: 'Pending', ACCEPTED: 'Accepted', REJECTED: 'Rejected' };

const CODE_COLUMNS: DataTableColumn<TeamCode>[] = [
  { id: 'code', header: 'Code', value: (code) => code.code },
  { id: 'email', header: 'E-mail', value: (code) => code.email },
  { id: 'used', header: 'Used', value: (code) => yesNo(code.used) },
  { id: 'accepted', header: 'Accepted', value: (code) => yesNo(code.accepted) },
];

/** The staff's part of My Team: seats in use, the invites sent (with delete) and the team codes. */
export function TeamBusiness({ teamId, view, roles, addSeatsPath }: TeamBusinessProps) {
  const withdraw = useDeleteTeamInvite(teamId, (invite) => `The invite to ${invite.inviteeEmail} was deleted.`);
  const { ask } = withdraw;

  const inviteColumns = useMemo(
    (): DataTableColumn<SentInvite>[] => [
      { id: 'name', header: 'Name', value: (invite) => invite.inviteeName },
      { id: 'email', header: 'E-mail', value: (invite) => invite.inviteeEmail },
      { id: 'role', header: 'Role', value: (invite) => invite.role, cell: (invite) => roleLabel(invite.role) },
      { id: 'status', header: 'Status', value: (invite) => STATUS_LABELS[invite.status] },
      { id: 'sent', header: 'Sent', value: (invite) => invite.createdAt, cell: (invite) => formatInstant(invite.createdAt) },
      actionColumn<SentInvite>({ label: 'Delete', describe: (invite) => `the invite to ${invite.inviteeEmail}`, roles, onClick: ask }),
    ],
    [roles, ask],
  );

  if (view.isPending) return <PageLoader label="Loading seats, invites and codes…" />;
  if (view.isError)
    return <LoadError heading="Seats, invites and codes could not be loaded" error={view.error} onRetry={() => void view.refetch()} />;
  const { seats, invites, codes } = view.data;
  const full = seats.gamersUsed >= seats.gamerSeats;

  return (
    <>
      <section aria-labelledby="fg-my-team-seats" className="fg-my-team__section">
        <h2 id="fg-my-team-seats">Seats</h2>
        <p>
          {seats.label}; {seats.coachesUsed} of {seats.coachSeats} coach {seats.coachSeats === 1 ? 'seat' : 'seats'} used.
        </p>
        {full && addSeatsPath ? (
          <p className="fg-my-team__seats-full">
            Every gamer seat is taken: add gamer seats to invite more gamers. <ButtonLink to={addSeatsPath}>Add gamer seats</ButtonLink>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="fg-my-team-invites" className="fg-my-team__section">
        <h2 id="fg-my-team-invites">Invites sent</h2>
        <DataTable label="Invites sent" columns={inviteColumns} data={invites} getRowId={(invite) => invite.id} />
      </section>

      <section aria-labelledby="fg-my-team-codes" className="fg-my-team__section">
        <h2 id="fg-my-team-codes">Team codes</h2>
        <DataTable label="Team codes" columns={CODE_COLUMNS} data={codes} getRowId={(code) => code.id} />
      </section>

      <ConfirmDialog
        open={withdraw.target !== null}
        title="Delete invite"
        busy={withdraw.busy}
        onAccept={withdraw.confirm}
        onDecline={withdraw.cancel}
      >
        Are you sure you want to delete the invite to {withdraw.target?.inviteeEmail}?
      </ConfirmDialog>
    </>
  );
}
