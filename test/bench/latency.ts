/** Latency sampling for the benchmarks: sequential runs for percentiles, a concurrent run for throughput. */

export interface LatencySummary {
  readonly runs: number;
  readonly p50_ms: number;
  readonly p95_ms: number;
  readonly p99_ms: number;
  readonly mean_ms: number;
  readonly max_ms: number;
}

export interface ThroughputSummary {
  readonly requests: number;
  readonly concurrency: number;
  readonly req_per_s: number;
  readonly p50_ms: number;
  readonly p99_ms: number;
}

/** Nearest-rank percentile of ascending samples. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

const round = (ms: number) => Number(ms.toFixed(2));

export const summarize = (samples: readonly number[]): LatencySummary => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50_ms: round(percentile(sorted, 0.5)),
    p95_ms: round(percentile(sorted, 0.95)),
    p99_ms: round(percentile(sorted, 0.99)),
    mean_ms: round(sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length)),
    max_ms: round(sorted[sorted.length - 1] ?? 0),
  };
};

/** `warmups` untimed calls, then `runs` timed calls one after another. */
export const sequentialLatency = async (
  call: () => Promise<void>,
  warmups: number,
  runs: number,
): Promise<LatencySummary> => {
  for (let i = 0; i < warmups; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
};

/** `requests` calls by `concurrency` workers; requests per second over the whole run. */
export const concurrentThroughput = async (
  call: () => Promise<void>,
  requests: number,
  concurrency: number,
): Promise<ThroughputSummary> => {
  const samples: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < requests) {
      started += 1;
      const t0 = performance.now();
      await call();
      samples.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const summary = summarize(samples);
  return {
    requests: samples.length,
    concurrency,
    req_per_s: Math.round(samples.length / seconds),
    p50_ms: summary.p50_ms,
    p99_ms: summary.p99_ms,
  };
};

/** What `concurrentFor` measured: the latency of every call, and calls per second. */
export interface TimedConcurrency {
  readonly calls: number;
  /** Every call's milliseconds, in the order they finished. */
  readonly samples: number[];
  readonly seconds: number;
  readonly req_per_s: number;
  readonly latency: LatencySummary;
}

/**
 * `concurrency` workers calling for `seconds` (after `warmupSeconds` of untimed calls); worker `w` passes
 * its own number and a call number unique across workers, so calls can pick per-worker data or new keys.
 */
export const concurrentFor = async (
  call: (worker: number, n: number) => Promise<void>,
  concurrency: number,
  seconds: number,
  warmupSeconds = 0,
): Promise<TimedConcurrency> => {
  let n = 0;
  const phase = async (ms: number, samples?: number[]) => {
    const deadline = performance.now() + ms;
    const worker = async (w: number) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await call(w, n++);
        samples?.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  };
  await phase(warmupSeconds * 1000);
  const samples: number[] = [];
  const t0 = performance.now();
  await phase(seconds * 1000, samples);
  const elapsed = (performance.now() - t0) / 1000;
  return {
    calls: samples.length,
    samples,
    seconds: Number(elapsed.toFixed(2)),
    req_per_s: Math.round(samples.length / elapsed),
    latency: summarize(samples),
  };
};
