/**
 * Setup file of the integration project: points the helpers of clients.ts at
 * this worker's own stack before the test file runs (tests/support/worker-stacks.ts).
 */
import { useStack } from './clients.ts';
import type { StackInfo } from './throwaway-stack.ts';
import { fetchWorkerStack } from './worker-stacks.ts';

useStack(await fetchWorkerStack<StackInfo>());
