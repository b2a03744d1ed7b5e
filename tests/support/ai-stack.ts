/**
 * A throwaway stack whose Edge Functions talk to a fake OpenAI-compatible
 * provider (tests/support/fake-openai.ts) started alongside it: the AI
 * settings reach the functions exactly as supabase/functions/.env would.
 */
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.ts';
import { startThrowawayStack, type StackInfo } from './throwaway-stack.ts';

/** The key the functions send the fake provider (tests assert it never reaches a prompt or a browser). */
export const FAKE_AI_KEY = 'sk-fake-listingdesk-test-key-0123456789';
export const FAKE_AI_MODEL = 'fake-model';

export interface AiStack {
  info: StackInfo;
  fake: FakeOpenAI;
  stop(): Promise<void>;
}

export async function startAiStack(options: { siteUrl?: string; rateLimitPerMinute?: number; timeoutMs?: number } = {}): Promise<AiStack> {
  const fake = await startFakeOpenAI();
  try {
    const stack = await startThrowawayStack({
      siteUrl: options.siteUrl,
      functionsEnv: {
        OPENAI_API_KEY: FAKE_AI_KEY,
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODEL: FAKE_AI_MODEL,
        AI_RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute ?? 1000),
        OPENAI_TIMEOUT_MS: String(options.timeoutMs ?? 3000),
      },
    });
    return {
      info: stack.info,
      fake,
      async stop() {
        await stack.stop();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}
