import { Alert } from '../ui/alert/alert';

interface LoadErrorProps {
  heading: string;
  error: Error;
  onRetry: () => void;
}

/** A page's data could not be loaded: the server's message and a way to ask again. */
export function LoadError({ heading, error, onRetry }: LoadErrorProps) {
  return (
    <Alert variation="error" heading={heading} role="alert">
      {error.message}{' '}
      <button type="button" className="fg-text-button" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}
