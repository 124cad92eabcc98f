import { Button, Heading } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

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

/**
 * A modal message with one button, on the native <dialog>: focus moves into it and is kept there,
 * Escape closes it, and the page behind is inert while it is open.
 */
export function MessageDialog({ open, title, children, actionLabel, onClose, alert = false }: MessageDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="fg-dialog"
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
    >
      {open ? (
        <>
          <Heading level={2} id={titleId} className="fg-dialog__title">
            {title}
          </Heading>
          <div id={bodyId} className="fg-dialog__body">
            {children}
          </div>
          <div className="fg-dialog__actions">
            <Button variation="primary" onClick={onClose} autoFocus>
              {actionLabel}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
