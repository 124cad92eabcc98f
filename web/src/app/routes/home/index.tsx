import { EmptyState } from '@/components/ui/empty-state';
import { ApiStatus } from '@/features/system/components/api-status';

/** /home before a section is chosen. */
export function HomeIndex() {
  return (
    <EmptyState
      title="Welcome to FitGauge"
      description="Your scores, teams and tools open from the navigation."
      footer={<ApiStatus />}
    />
  );
}
