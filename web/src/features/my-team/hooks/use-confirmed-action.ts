import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast/toast';
import { myTeamKey } from './use-my-team';

/**
 * A destructive action on one item of the team, asked first: `ask(item)` opens the confirmation, `confirm` runs the
 * action (busy meanwhile), toasts the message it returns, closes and refreshes the team; a refusal is toasted and the
 * confirmation stays open.
 */
export function useConfirmedAction<T>(teamId: string, run: (item: T) => Promise<string>) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      toast.success(await run(target));
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: myTeamKey(teamId) });
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm: () => void confirm() };
}
