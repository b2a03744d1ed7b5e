/**
 * This test worker's stack and app (e2e/support/global-setup.ts), set by the
 * e2e project's setup file before each test file runs.
 */
import type { StackInfo } from '../../tests/support/throwaway-stack.ts';

export interface WorkerApp {
  stack: StackInfo;
  /** The origin of the app, served from the production build against `stack`. */
  appUrl: string;
  /** The database's clock once the demo seed is in, before any test ran: rows created up to then are the seed's. */
  seededAt: string;
}

let current: WorkerApp | undefined;

export function useWorkerApp(app: WorkerApp): void {
  current = app;
}

export function workerApp(): WorkerApp {
  if (!current) throw new Error('no app for this test file: run it with `npx vitest run --project e2e <file>` (the setup file provides one)');
  return current;
}
