import { Button } from '../button/button';
import type { ReactNode } from 'react';
import { Dialog, INITIAL_FOCUS } from './dialog';

interface MessageDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The one button's text; it closes the dialog (onClose). */
  actionLabel: string;
  onClose: () => void;
  /** An error the user must read (role alertdialog). */
  alert?: boolean;
}

/** A modal message with one button (e.g. Password Reset Failed / OK). */
export function MessageDialog({ open, title, children, actionLabel, onClose, alert = false }: MessageDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      alert={alert}
      actions={
        <Button variation="primary" onClick={onClose} {...INITIAL_FOCUS}>
          {actionLabel}
        </Button>
      }
    >
      {children}
    </Dialog>
  );
}
