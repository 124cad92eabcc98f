import { useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { useToast } from '@/components/ui/toast/toast';
import { useNudgeTeam } from '../api/nudge-team';
import { nudgeOutcome, nudgeQuestion } from '../lib/nudge';

/**
 * Nudge: after a confirmation naming how many members it reaches, reminds the members who have not checked in today;
 * the server sends each at most one nudge a day, whoever clicks (docs/teams.md, "Compliance").
 */
export function NudgeButton({ teamId, notCheckedIn, userId = null }: { teamId: string; notCheckedIn: number; userId?: string | null }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const nudge = useNudgeTeam(teamId, userId, {
    onSuccess: (result) => toast.success(nudgeOutcome(result)),
    onError: (error) => toast.error(error.message),
    onSettled: () => setConfirming(false),
  });
  return (
    <>
      <Button size="small" onClick={() => setConfirming(true)} isDisabled={notCheckedIn === 0}>
        Nudge
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Nudge members?"
        onAccept={() => nudge.mutate()}
        onDecline={() => setConfirming(false)}
        busy={nudge.isPending}
      >
        <p>{nudgeQuestion(notCheckedIn)}</p>
      </ConfirmDialog>
    </>
  );
}
