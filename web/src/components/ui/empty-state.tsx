import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** Links or buttons that lead on. */
  actions?: ReactNode;
  /** Small print under the actions. */
  footer?: ReactNode;
}

/** A centred message for pages that have nothing (or nothing yet) to show. */
export function EmptyState({ title, description, actions, footer }: EmptyStateProps) {
  return (
    <Flex className="fg-empty-state" direction="column" alignItems="center" textAlign="center" gap="medium">
      <Heading level={1}>{title}</Heading>
      {description ? <Text color="font.secondary">{description}</Text> : null}
      {actions ? (
        <Flex gap="small" wrap="wrap" justifyContent="center">
          {actions}
        </Flex>
      ) : null}
      {footer}
    </Flex>
  );
}
