/** Shared figures of the benchmarks under bench/. */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** The p-th percentile (nearest rank) of values sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Latencies (ms) and errors of one operation, gathered while a benchmark runs. */
export class OperationLog {
  /** Empty, or the fields of a log that another process gathered. */
  constructor(
    readonly latencies: number[] = [],
    readonly errors = new Map<string, number>(),
  ) {}

  ok(ms: number): void {
    this.latencies.push(ms);
  }

  failed(ms: number, message: string): void {
    this.latencies.push(ms);
    this.errors.set(message, (this.errors.get(message) ?? 0) + 1);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((sum, count) => sum + count, 0);
  }

  /** One row of the benchmark's table: requests, throughput over `seconds`, latency percentiles, errors. */
  row(seconds: number) {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      requests: sorted.length,
      'req/s': (sorted.length / seconds).toFixed(1),
      'p50 ms': percentile(sorted, 50).toFixed(0),
      'p95 ms': percentile(sorted, 95).toFixed(0),
      'p99 ms': percentile(sorted, 99).toFixed(0),
      errors: this.errorCount,
    };
  }
}

/** Samples this process's memory until stopped; the peaks are what a benchmark reports. */
export function sampleMemory(everyMs = 250) {
  const peak = { rss: 0, heapUsed: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    peak,
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** CPU time (user + system, every thread) of another process so far, in ms: Linux's /proc/<pid>/stat, in ticks of 10 ms. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's name (in parentheses, which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** This process's CPU (user + system) since `start` (a process.cpuUsage()), in ms. */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Measures from now until `stop`: this process's CPU (as bench/lib/aws-calls.ts measures a handler's)
 * and event-loop utilisation, and the CPU of another process (`otherPid`: DynamoDB Local's JVM).
 */
export function sampleUsage(otherPid: number) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const other = processCpuMs(otherPid);
  return {
    stop() {
      return {
        seconds: (performance.now() - started) / 1000,
        cpuMs: cpuMsSince(cpu),
        eventLoopUtilization: performance.eventLoopUtilization(loop).utilization,
        otherCpuMs: processCpuMs(otherPid) - other,
      };
    },
  };
}

/** Runs `work` over `items` with at most `limit` at a time, results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
