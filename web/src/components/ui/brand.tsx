/** The FitGauge mark (a gauge) and wordmark. */
export function Brand() {
  return (
    <span className="fg-brand">
      <svg className="fg-brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect className="fg-brand__tile" width="32" height="32" rx="8" />
        <path className="fg-brand__arc" d="M6 21a10 10 0 0 1 20 0" fill="none" strokeWidth="3" strokeLinecap="round" />
        <path className="fg-brand__needle" d="M16 21l5-7" strokeWidth="3" strokeLinecap="round" />
        <circle className="fg-brand__hub" cx="16" cy="21" r="2.5" />
      </svg>
      <span className="fg-brand__name">FitGauge</span>
    </span>
  );
}
