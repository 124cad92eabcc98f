import { Button } from '@/components/ui/button/button';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { EmptyState } from '@/components/ui/empty-state';

/** Shown when a page fails to load or render, e.g. its code changed under a long-open tab after a deploy. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <PublicLayout>
      <div role="alert">
        <EmptyState
          title="Something went wrong"
          description={detail ?? 'The page could not be shown.'}
          actions={
            <Button variation="primary" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        />
      </div>
    </PublicLayout>
  );
}
