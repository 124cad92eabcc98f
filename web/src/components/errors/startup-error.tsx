import { Button } from '../ui/button/button';
import { EmptyState } from '../ui/empty-state';

/** Full-page message when the app cannot start (e.g. /config.json missing or invalid). */
export function StartupError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="fg-centered-page">
      <div role="alert">
        <EmptyState
          title="FitGauge could not start"
          description={detail}
          actions={
            <Button variation="primary" onClick={() => window.location.reload()}>
              Try again
            </Button>
          }
        />
      </div>
    </main>
  );
}
