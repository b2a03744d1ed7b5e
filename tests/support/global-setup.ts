/**
 * Starts one throwaway local stack for the integration tests: free ports, a
 * temporary data folder, a random JWT secret. It never touches dev data and
 * can run while `npm run dev` runs.
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayStack } from './throwaway-stack.ts';

export default async function setup(project: TestProject) {
  const stack = await startThrowawayStack();
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
  };
}
