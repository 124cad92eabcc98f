import { EmptyState } from '@/components/ui/empty-state';

/** A page whose content a later part of the product brings: its title and what will appear there. */
export function PlannedPage({ title, description }: { title: string; description: string }) {
  return <EmptyState title={title} description={description} />;
}
