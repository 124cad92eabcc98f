import { useState } from 'react';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useToast } from '@/components/ui/toast/toast';
import { uploadAvatar } from '@/lib/avatar-upload';
import { type TeamFormTeam, useUpdateTeam } from '../api/teams';
import { changedFields, teamFieldsSchema, type TeamFields } from '../lib/team-form';
import { TeamFormFields } from './team-form-fields';
import '../team-form.css';

/** Its test reads it through `require()` after its mocks, which knip does not follow. @public */
export const TEAM_UPDATED = 'Team updated successfully!';

interface EditTeamDialogProps {
  open: boolean;
  team: TeamFormTeam;
  onClose: () => void;
  /** After a save, with the team as it now is. */
  onSaved?: (team: TeamFormTeam) => void;
}

/**
 * The team form prefilled (docs/teams.md, "The team form"): saves the changed fields with updateTeam and a newly chosen
 * avatar through the upload steps. A refusal shows the server's message in the dialog (docs/teams.md, "The team form").
 */
export function EditTeamDialog({ open, team, onClose, onSaved }: EditTeamDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const updateTeam = useUpdateTeam();

  const save = async (fields: TeamFields, avatar: File | null) => {
    setError(null);
    try {
      const changes = changedFields({ name: team.name, description: team.description ?? '', game: team.game ?? '' }, fields);
      const saved = await updateTeam.mutateAsync({ team, changes, uploadAvatar: avatar ? () => uploadAvatar(avatar, team.id) : undefined });
      toast.success(TEAM_UPDATED);
      onSaved?.(saved);
      onClose();
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    }
  };

  return (
    <Dialog open={open} title="Edit Team" onClose={onClose} bodyDescribes={false}>
      {error ? (
        <Alert variation="error" hasIcon role="alert">
          {error}
        </Alert>
      ) : null}
      <TeamFormFields
        initial={{ name: team.name, description: team.description ?? '', game: teamFieldsSchema.shape.game.catch('').parse(team.game) }}
        currentAvatar={team.avatar ?? undefined}
        submitLabel="Save"
        submittingLabel="Saving…"
        onSubmit={save}
        extraActions={<Button onClick={onClose}>Cancel</Button>}
      />
    </Dialog>
  );
}
