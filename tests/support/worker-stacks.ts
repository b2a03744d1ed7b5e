/**
 * One throwaway stack per test worker, started when the worker first asks.
 *
 * Integration and browser test files run in parallel workers (vitest's
 * VITEST_POOL_ID, 1…maxWorkers); files of one worker run one after another.
 * Each worker has a stack of its own, so files in different workers never
 * share mutable rows (seeded rows other files change, rate-limit counters,
 * realtime subscriptions), while files of one worker see each other's
 * leftovers exactly as all files did on the single shared stack before.
 *
 * The stacks live in the main vitest process (global setup), which owns their
 * cleanup. A worker asks for its stack over a loopback HTTP endpoint whose URL
 * global setup provides as `workerStacks`: a run of one file starts one stack,
 * not one per possible worker.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the endpoint that hands each worker its own stack (serveWorkerStacks). */
    workerStacks: string;
  }
}

export interface Started<T> {
  /** What the worker receives (JSON). */
  value: T;
  stop(): Promise<void>;
}

/**
 * Serves `GET /<worker id>`: the value of that worker's stack, started by
 * `start` on the first request. `stop` stops every stack started.
 */
export async function serveWorkerStacks<T>(start: (worker: number) => Promise<Started<T>>): Promise<{ url: string; stop(): Promise<void> }> {
  const stacks = new Map<number, Promise<Started<T>>>();
  const server = http.createServer((req, res) => {
    const worker = Number(/^\/(\d+)$/.exec(req.url ?? '')?.[1]);
    if (!Number.isInteger(worker) || worker < 1) {
      res.writeHead(404).end();
      return;
    }
    if (!stacks.has(worker)) stacks.set(worker, start(worker));
    stacks.get(worker)!.then(
      (started) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(started.value)),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`the stack of worker ${worker} did not start: ${error.stack ?? error.message}`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // A stack that never started was reported to its worker's files already.
      const stops = [...stacks.values()].map((started) => started.then((s) => s.stop(), () => undefined));
      const failure = (await Promise.allSettled(stops)).find((r) => r.status === 'rejected');
      if (failure) throw (failure as PromiseRejectedResult).reason;
    },
  };
}

/** This worker's stack value (from a test file or setup file of a project whose global setup serves them). */
export async function fetchWorkerStack<T>(): Promise<T> {
  const worker = process.env.VITEST_POOL_ID ?? '1';
  const res = await fetch(`${inject('workerStacks')}/${worker}`);
  if (!res.ok) throw new Error(await res.text());
  return (await res.json()) as T;
}
