/**
 * Integration tests: each test worker gets a throwaway local stack of its own
 * (tests/support/worker-stacks.ts), started when the worker's first file asks:
 * free ports, a temporary data folder, a random JWT secret. It never touches
 * dev data and can run while `npm run dev` runs.
 */
import type { TestProject } from 'vitest/node';
import { cheapenDemoPasswords } from './clients.ts';
import { startThrowawayStack } from './throwaway-stack.ts';
import { serveWorkerStacks } from './worker-stacks.ts';

export default async function setup(project: TestProject) {
  const stacks = await serveWorkerStacks(async () => {
    const stack = await startThrowawayStack();
    try {
      await cheapenDemoPasswords(stack.info);
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return { value: stack.info, stop: () => stack.stop() };
  });
  project.provide('workerStacks', stacks.url);
  return () => stacks.stop();
}
