/**
 * For the AI browser tests: a stack whose functions use the fake provider
 * (tests/support/ai-stack.ts) and a preview server of the run's app build
 * pointed at it, apart from the worker's stack (which has no AI provider configured).
 */
import { inject } from 'vitest';
import { freePort } from '../../stack/processes.ts';
import { startAiStack, type AiStack } from '../../tests/support/ai-stack.ts';
import { startAppServer } from './app-server.ts';

export interface AiApp extends AiStack {
  appUrl: string;
}

export async function startAiApp(options: { rateLimitPerMinute?: number; timeoutMs?: number } = {}): Promise<AiApp> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const ai = await startAiStack({ ...options, siteUrl: appUrl });
  try {
    const server = await startAppServer(inject('appBuild'), ai.info, port);
    return {
      ...ai,
      appUrl,
      async stop() {
        await server.close();
        await ai.stop();
      },
    };
  } catch (error) {
    await ai.stop();
    throw error;
  }
}
