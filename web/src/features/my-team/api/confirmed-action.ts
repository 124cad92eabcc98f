import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast/toast';
import { myTeamKeys } from './keys';

/**
 * A destructive action on one item of the team, asked first: `ask(item)` opens the confirmation, `confirm` runs the
 * action (busy meanwhile), toasts the message `done` gives, closes and refreshes the team; a refusal is toasted and
 * the confirmation stays open.
 */
export function useConfirmedAction<T>(teamId: string, run: (item: T) => Promise<unknown>, done: (item: T) => string) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      await run(target);
      toast.success(done(target));
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: myTeamKeys.team(teamId) });
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm: () => void confirm() };
}
