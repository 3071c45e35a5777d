/** Latencies of one kind of request, in milliseconds, with its percentiles. */
export class Latencies {
  private readonly samples: number[] = [];

  add(ms: number): void {
    this.samples.push(ms);
  }

  get count(): number {
    return this.samples.length;
  }

  /** The p-th percentile (0–100), nearest rank. */
  percentile(p: number): number {
    if (this.samples.length === 0) return Number.NaN;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }
}

/** A plain-text table of each kind's count and p50/p95/p99, for the test's output. */
export function latencyTable(kinds: Record<string, Latencies>, seconds: number): string {
  const rows = Object.entries(kinds).map(([kind, l]) =>
    [kind, String(l.count), (l.count / seconds).toFixed(0), ...[50, 95, 99].map((p) => l.percentile(p).toFixed(1))].map(
      (cell, i) => (i === 0 ? cell.padEnd(12) : cell.padStart(8)),
    ),
  );
  const head = ['kind'.padEnd(12), ...['requests', 'per s', 'p50 ms', 'p95 ms', 'p99 ms'].map((h) => h.padStart(8))];
  return [head, ...rows].map((r) => r.join(' ')).join('\n');
}
