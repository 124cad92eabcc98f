/** Grey cards in the shape of the charts while they load; the label is for screen readers. */
export function ChartSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <div role="status">
      <span className="fg-visually-hidden">{label}</span>
      <ul className="fg-chart-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="fg-chart-card fg-chart-card--loading fg-skeleton" />
        ))}
      </ul>
    </div>
  );
}
