import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/** What a page shows a signed-in user whose role does not use it (the policy map refuses its calls), with a way back. */
export function NotForRole({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      title={title}
      description={description}
      actions={
        <Link className="amplify-button amplify-button--primary" to={paths.home.root}>
          Back to home
        </Link>
      }
    />
  );
}
