import { useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { Dialog } from '@/components/ui/dialog/dialog';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths } from '@/config/paths';
import { useDashboardPaymentPrompt } from '../api/dashboard-payment-prompt';

/** Marks the prompt as answered for this user in this browser tab, so it comes once per sign-in, not on every page. */
const answeredKey = (userId: string) => `fg.dashboardPrompt.${userId}`;

function wasAnswered(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(answeredKey(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * After sign-in (docs/billing.md, "The web app"): a director who has active payments but none for a team dashboard is
 * asked to buy one (the prompt leads to /pricing). Asked once per sign-in in this tab.
 */
export function DashboardPaymentPrompt({ userId }: { userId: string }) {
  const [answered, setAnswered] = useState(() => wasAnswered(userId));
  const prompt = useDashboardPaymentPrompt(userId, { enabled: !answered });
  const close = () => {
    try {
      window.sessionStorage.setItem(answeredKey(userId), '1');
    } catch {
      // storage blocked: the prompt may come again on the next load
    }
    setAnswered(true);
  };
  return (
    <Dialog
      open={!answered && prompt.data === true}
      title="Add a Team Dashboard"
      onClose={close}
      actions={
        <>
          <Button onClick={close}>Not now</Button>
          <ButtonLink variation="primary" to={paths.pricing} onClick={close}>
            See plans
          </ButtonLink>
        </>
      }
    >
      <p className="amplify-text">Your account has no team dashboard yet. Buy one to create your team and follow its scores.</p>
    </Dialog>
  );
}
