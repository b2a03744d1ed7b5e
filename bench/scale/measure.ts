/**
 * Throughput of one request under concurrency: `concurrency` loops send it
 * back to back for `windowMs`; req/s counts completed requests over the
 * time until the last one returned. Latencies are kept for percentiles.
 */
export interface Sample {
  requests: number;
  seconds: number;
  latencies: number[];
}

export async function sample(send: () => Promise<void>, windowMs: number, concurrency: number): Promise<Sample> {
  const started = performance.now();
  const end = started + windowMs;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await send();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { requests: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

/** Sums samples (alternating rounds of two modes are summed per mode). */
export function combine(samples: Sample[]): Sample {
  return {
    requests: samples.reduce((n, s) => n + s.requests, 0),
    seconds: samples.reduce((n, s) => n + s.seconds, 0),
    latencies: samples.flatMap((s) => s.latencies),
  };
}

export const perSecond = (s: Sample) => s.requests / s.seconds;
