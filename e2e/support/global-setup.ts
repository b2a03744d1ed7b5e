/**
 * What the browser tests need: a production build of the app, made once
 * (e2e/support/app-server.ts), and per test worker a throwaway local stack
 * (free ports, temporary folder, random JWT secret) with a `vite preview` of
 * that build pointed at it, started when the worker's first file asks
 * (tests/support/worker-stacks.ts). Test files read theirs with `workerApp()`
 * (e2e/support/worker-app.ts).
 */
import type { TestProject } from 'vitest/node';
import { freePort } from '../../stack/processes.ts';
import { cheapenDemoPasswords } from '../../tests/support/clients.ts';
import { startThrowawayStack } from '../../tests/support/throwaway-stack.ts';
import { serveWorkerStacks } from '../../tests/support/worker-stacks.ts';
import { buildApp, startAppServer } from './app-server.ts';
import { query } from './listing-fixtures.ts';
import type { WorkerApp } from './worker-app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production build of the app (placeholder settings), for tests that serve it against a stack of their own. */
    appBuild: string;
  }
}

/** A stack and a preview server of the build pointed at it. */
async function startWorkerApp(buildDir: string) {
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  // Auth e-mail links must lead back to this app server, not to the default :5173.
  const stack = await startThrowawayStack({ siteUrl: appUrl });
  try {
    const seededAt = (await query<{ now: string }>(stack.info, 'select now()::text as now'))[0].now;
    await cheapenDemoPasswords(stack.info);
    const server = await startAppServer(buildDir, stack.info, appPort);
    const value: WorkerApp = { stack: stack.info, appUrl, seededAt };
    return {
      value,
      async stop() {
        await server.close();
        await stack.stop();
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const build = await buildApp();
  const apps = await serveWorkerStacks(() => startWorkerApp(build.path));
  project.provide('appBuild', build.path);
  project.provide('workerStacks', apps.url);
  return async () => {
    await apps.stop();
    build.remove();
  };
}
