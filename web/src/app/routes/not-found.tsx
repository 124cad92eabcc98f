import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { ApiStatus } from '@/features/system/components/api-status';

/** The not-found message, for use inside a layout (the frame, the public layout). */
export function NotFoundContent() {
  return (
    <EmptyState
      title="Page not found"
      description="The page you are looking for does not exist or has moved."
      actions={
        <Link className="amplify-button amplify-button--primary" to={paths.root}>
          Back to FitGauge
        </Link>
      }
    />
  );
}

/** Unknown addresses outside any section. */
export function NotFoundPage() {
  return (
    <PublicLayout footer={<ApiStatus />}>
      <NotFoundContent />
    </PublicLayout>
  );
}
