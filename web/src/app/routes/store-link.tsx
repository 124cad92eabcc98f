import { useEffect } from 'react';
import { Heading, Text } from '@/components/ui/themed/primitives';
import { PublicLayout } from '@/components/layouts/public-layout';
import { openStoreLink, storeLinkUrl } from '@/lib/store-link';

/** The store-link route: opens the app's store page at once, with a link in case the browser held it back. */
export function StoreLinkRoute() {
  useEffect(() => openStoreLink(), []);
  return (
    <PublicLayout>
      <Heading level={1}>Get the FitGauge app</Heading>
      <Text>Opening your app store…</Text>
      <a className="amplify-button amplify-button--primary" href={storeLinkUrl()}>
        Open the app store
      </a>
    </PublicLayout>
  );
}
