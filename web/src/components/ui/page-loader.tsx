import { Loader } from './loader';

/** The one loading state of a page (or a lazy route's code): a large spinner, its label for screen readers. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="fg-page-loader" role="status">
      <Loader size="large" />
      <span className="fg-visually-hidden">{label}</span>
    </div>
  );
}
