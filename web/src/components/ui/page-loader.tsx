import { Loader } from '@aws-amplify/ui-react';

/** Shown while a lazy route's code arrives. */
export function PageLoader() {
  return (
    <div className="fg-page-loader" role="status">
      <Loader size="large" />
      <span className="fg-visually-hidden">Loading…</span>
    </div>
  );
}
