/** Setup file of the e2e project: fetches this worker's stack and app before the test file runs. */
import { fetchWorkerStack } from '../../tests/support/worker-stacks.ts';
import { useWorkerApp, type WorkerApp } from './worker-app.ts';

useWorkerApp(await fetchWorkerStack<WorkerApp>());
