/**
 * For the AI browser tests: a stack whose functions use the fake provider
 * (tests/support/ai-stack.ts) and an app dev server pointed at it, apart from
 * the shared browser-test stack (which has no AI provider configured).
 */
import { freePort } from '../../stack/processes.ts';
import { startAiStack, type AiStack } from '../../tests/support/ai-stack.ts';
import { startAppServer } from './global-setup.ts';

export interface AiApp extends AiStack {
  appUrl: string;
}

export async function startAiApp(options: { rateLimitPerMinute?: number; timeoutMs?: number } = {}): Promise<AiApp> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const ai = await startAiStack({ ...options, siteUrl: appUrl });
  const previous = { url: process.env.VITE_SUPABASE_URL, key: process.env.VITE_SUPABASE_ANON_KEY };
  process.env.VITE_SUPABASE_URL = ai.info.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = ai.info.anonKey;
  try {
    const server = await startAppServer(port);
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
  } finally {
    if (previous.url === undefined) delete process.env.VITE_SUPABASE_URL;
    else process.env.VITE_SUPABASE_URL = previous.url;
    if (previous.key === undefined) delete process.env.VITE_SUPABASE_ANON_KEY;
    else process.env.VITE_SUPABASE_ANON_KEY = previous.key;
  }
}
