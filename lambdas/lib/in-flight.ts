/** Runs `work` on every value, at most `limit` at a time (the scheduled jobs' pages). */
export async function inFlight<T>(values: readonly T[], limit: number, work: (value: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < values.length) await work(values[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
}
