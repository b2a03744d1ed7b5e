// zod/mini: the same validation, tree-shakable, so the start-up check costs little of the first download.
import { z } from 'zod/mini';

/**
 * The browser's configuration, checked once at start-up so a missing or
 * mistyped variable fails loudly here instead of as a confusing network error
 * deep inside supabase-js.
 */
const envSchema = z.object({
  VITE_SUPABASE_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of the Supabase API, e.g. http://127.0.0.1:54321' }),
  VITE_SUPABASE_ANON_KEY: z.string({ error: 'is required: the anon (publishable) API key' }).check(z.minLength(1, 'must not be empty')),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n');
  throw new Error(
    `ListingDesk cannot start: invalid environment variables.\n${problems}\n` +
      'Set them in .env.local (`npm run stack -- status -o env` prints the local values) and restart Vite.',
  );
}

export const env = parseEnv(import.meta.env);
