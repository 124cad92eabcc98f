import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Put this attribute on the element a dialog should focus first (otherwise its first focusable element). */
export const INITIAL_FOCUS = { 'data-autofocus': true } as const;

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'video[controls]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

interface DialogProps {
  open: boolean;
  title: string;
  /** Escape and the dialog's own buttons call it; the caller closes the dialog by setting open to false. */
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom (right-aligned). */
  actions?: ReactNode;
  /** An error or question the user must answer before going on (role alertdialog). */
  alert?: boolean;
  /** Fills the window (the video player). */
  fullscreen?: boolean;
  /** The body is a message that describes the dialog (not a form or a video, which would be read out whole). */
  bodyDescribes?: boolean;
}

/**
 * The modal every dialog of the kit is built on: role dialog with aria-modal, named by its title; focus
 * moves in when it opens, Tab and Shift+Tab stay inside, Escape closes it, and focus goes back to the
 * element that opened it. It is rendered at the end of <body> over a backdrop that takes the pointer.
 */
export function Dialog({ open, title, onClose, children, actions, alert = false, fullscreen = false, bodyDescribes = true }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = panel.current!;
    const first = container.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(container)[0] ?? container;
    first.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = focusableIn(panel.current!);
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const className = ['fg-dialog', fullscreen ? 'fg-dialog--fullscreen' : ''].filter(Boolean).join(' ');
  return createPortal(
    <div className="fg-dialog-backdrop">
      <div
        ref={panel}
        className={className}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyDescribes ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="amplify-heading amplify-heading--2 fg-dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="fg-dialog__body">
          {children}
        </div>
        {actions ? <div className="fg-dialog__actions">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
