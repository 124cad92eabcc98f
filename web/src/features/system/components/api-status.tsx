import { useHealth } from '../api/health';

/** A small live line telling whether the API answers, and which version it runs. */
export function ApiStatus() {
  const health = useHealth();
  const state = health.isPending ? 'checking' : health.isError ? 'down' : 'up';
  return (
    <p className="fg-api-status" data-state={state} role="status">
      <span className="fg-api-status__dot" aria-hidden="true" />
      {state === 'checking' ? 'Checking the API…' : null}
      {state === 'up' ? `API online · v${health.data?.version}` : null}
      {state === 'down' ? (
        <>
          API unreachable
          <button type="button" className="fg-text-button" onClick={() => void health.refetch()}>
            Retry
          </button>
        </>
      ) : null}
    </p>
  );
}
