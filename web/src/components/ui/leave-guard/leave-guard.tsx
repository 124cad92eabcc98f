import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { StayOrLeaveDialog } from '../dialog/choice-dialog';

export const LEAVE_TITLE = 'Leave this page?';
export const LEAVE_MESSAGE = 'You have unsaved changes. If you leave now, they will be lost.';

/**
 * Asks before a form with unsaved changes is left: Stay / Leave for a move inside the app (a link, the sidebar,
 * Back), and the browser's own question for a reload or a closed tab. Forms pass `when` as "changed and not being
 * saved", so the navigation that follows a save goes through.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  return (
    <StayOrLeaveDialog
      open={blocker.state === 'blocked'}
      title={LEAVE_TITLE}
      onAccept={() => blocker.proceed?.()}
      onDecline={() => blocker.reset?.()}
    >
      {LEAVE_MESSAGE}
    </StayOrLeaveDialog>
  );
}
