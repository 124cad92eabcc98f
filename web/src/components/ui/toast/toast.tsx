import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastOptions {
  /** How long the toast stays (the upload-done toast stays 9 seconds: docs/videos.md, upload). */
  durationMs?: number;
}

interface ToastApi {
  success: (message: string, options?: ToastOptions) => void;
  error: (message: string, options?: ToastOptions) => void;
}

export const DEFAULT_TOAST_DURATION_MS = 5000;

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Holds the toasts of the whole app. They appear in two live regions that exist before any toast does,
 * so screen readers announce them: successes politely, errors at once. The regions have no role, so an
 * empty one is not a page's alert or status.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string, { durationMs = DEFAULT_TOAST_DURATION_MS }: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ success: (message, options) => show('success', message, options), error: (message, options) => show('error', message, options) }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="fg-toasts">
        <ToastRegion live="polite" toasts={toasts.filter((toast) => toast.kind === 'success')} onDismiss={dismiss} />
        <ToastRegion live="assertive" toasts={toasts.filter((toast) => toast.kind === 'error')} onDismiss={dismiss} />
      </div>
    </ToastContext.Provider>
  );
}

function ToastRegion({ live, toasts, onDismiss }: { live: 'polite' | 'assertive'; toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div aria-live={live} aria-relevant="additions" className="fg-toasts__region">
      {toasts.map((toast) => (
        <div key={toast.id} className={`fg-toast fg-toast--${toast.kind}`}>
          <p className="fg-toast__message">{toast.message}</p>
          <button type="button" className="fg-toast__dismiss" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}

/** Shows a success or error toast; needs the ToastProvider above (the app provider has it). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}
