import { roleLabel } from '@core/roles';
import { inviteFormSchema, type InviteRole } from '@core/teams';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { Dialog } from '@/components/ui/dialog/dialog';
import { FormSelectField } from '@/components/ui/form/form-choice-fields';
import { FormTextField } from '@/components/ui/form/form-fields';
import { ButtonLink } from '@/components/ui/link/button-link';
import { useToast } from '@/components/ui/toast/toast';
import { useSendInvite } from '../api/staff-view';
import { isSeatLimitRefusal } from '../lib/team-staff';

type InviteForm = z.input<typeof inviteFormSchema>;

interface InviteDialogProps {
  open: boolean;
  teamId: string;
  /** The roles the viewer may invite: GAMER and COACH for a director, GAMER for a coach. */
  roles: readonly InviteRole[];
  /** Where the director adds gamer seats (the pricing page for this team); null for viewers who cannot. */
  addSeatsPath: string | null;
  onClose: () => void;
  onSent: () => void;
}

/** Name, e-mail and role of the person to invite; the server's refusal (seats full, already invited) stays in the dialog. */
export function InviteDialog({ open, teamId, roles, addSeatsPath, onClose, onSent }: InviteDialogProps) {
  const toast = useToast();
  const sendInvite = useSendInvite();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<InviteForm, unknown, z.output<typeof inviteFormSchema>>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { inviteeName: '', inviteeEmail: '', role: roles[0] ?? 'GAMER' },
  });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    setRefusal(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (invite) => {
    setRefusal(null);
    try {
      await sendInvite.mutateAsync({ ...invite, teamId });
    } catch (error) {
      setRefusal((error as Error).message);
      return;
    }
    toast.success(`Invite sent to ${invite.inviteeEmail}.`);
    form.reset();
    onSent();
  });

  const seatsFull = refusal !== null && isSeatLimitRefusal(refusal);
  return (
    <Dialog
      open={open}
      title="Invite to the team"
      onClose={close}
      bodyDescribes={false}
      actions={
        <>
          <Button onClick={close} isDisabled={isSubmitting}>
            Cancel
          </Button>
          <Button variation="primary" type="submit" form="fg-invite-form" isLoading={isSubmitting} loadingText="Sending">
            Send invite
          </Button>
        </>
      }
    >
      <form id="fg-invite-form" className="fg-my-team__invite-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {refusal ? (
          <Alert variation="error" role="alert" className="fg-my-team__refusal">
            {refusal}
            {seatsFull && addSeatsPath ? (
              <>
                {' '}
                <ButtonLink to={addSeatsPath}>Add gamer seats</ButtonLink>
              </>
            ) : null}
          </Alert>
        ) : null}
        <FormTextField
          label="Name"
          autoComplete="off"
          registration={form.register('inviteeName')}
          error={errors.inviteeName?.message}
          maxLength={100}
        />
        <FormTextField
          label="E-mail"
          type="email"
          autoComplete="off"
          registration={form.register('inviteeEmail')}
          error={errors.inviteeEmail?.message}
          maxLength={254}
        />
        <FormSelectField
          label="Role"
          autoComplete="off"
          registration={form.register('role')}
          options={roles.map((role) => ({ value: role, label: roleLabel(role) }))}
          disabled={roles.length < 2}
          error={errors.role?.message}
        />
      </form>
    </Dialog>
  );
}
