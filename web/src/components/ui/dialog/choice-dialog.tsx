import { Button } from '../button/button';
import type { ReactNode } from 'react';
import { Dialog, INITIAL_FOCUS } from './dialog';

interface ChoiceDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The positive answer; the caller closes the dialog, or sets busy while the action runs. */
  onAccept: () => void;
  /** The negative answer, Escape included. */
  onDecline: () => void;
  /** Shows the positive button busy and ignores both answers, e.g. while a delete runs. */
  busy?: boolean;
}

interface Labels {
  accept: string;
  decline: string;
}

/** Two answers, the negative one first and focused, so Enter on a freshly opened dialog never destroys. */
function ChoiceDialog({ open, title, children, onAccept, onDecline, busy = false, labels }: ChoiceDialogProps & { labels: Labels }) {
  const decline = () => {
    if (!busy) onDecline();
  };
  return (
    <Dialog
      open={open}
      title={title}
      onClose={decline}
      alert
      actions={
        <>
          <Button onClick={decline} isDisabled={busy} {...INITIAL_FOCUS}>
            {labels.decline}
          </Button>
          <Button variation="primary" onClick={onAccept} isLoading={busy} loadingText={labels.accept}>
            {labels.accept}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

const CONFIRM_LABELS: Labels = { accept: 'Confirm', decline: 'Cancel' };
const YES_NO_LABELS: Labels = { accept: 'Yes', decline: 'No' };
const STAY_LEAVE_LABELS: Labels = { accept: 'Leave', decline: 'Stay' };

/** Cancel / Confirm before an action (docs/ui-kit.md, confirm dialog). */
export function ConfirmDialog(props: ChoiceDialogProps) {
  return <ChoiceDialog {...props} labels={CONFIRM_LABELS} />;
}

/** No / Yes to a question (docs/ui-kit.md, yes/no dialog). */
export function YesNoDialog(props: ChoiceDialogProps) {
  return <ChoiceDialog {...props} labels={YES_NO_LABELS} />;
}

/** Stay / Leave, before a page with unsaved changes is left (the leave guard). */
export function StayOrLeaveDialog(props: ChoiceDialogProps) {
  return <ChoiceDialog {...props} labels={STAY_LEAVE_LABELS} />;
}
