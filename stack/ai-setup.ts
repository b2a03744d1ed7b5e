/**
 * What `npm run dev` says about AI: whether the Edge Functions will find a
 * model provider in supabase/functions/.env, and where to set one when not
 * (the same variables the AI screens name).
 */

/** One line for the dev banner, from the functions' environment file's variables. */
export function aiSetupLine(functionsEnv: Record<string, string>): string {
  const key = functionsEnv.OPENAI_API_KEY?.trim();
  if (!key) {
    return 'off: set OPENAI_API_KEY in supabase/functions/.env (a local Ollama: OPENAI_BASE_URL=http://127.0.0.1:11434/v1 + OPENAI_API_KEY=ollama) and restart; docs/ai.md';
  }
  const model = functionsEnv.OPENAI_MODEL?.trim() || 'gpt-4o-mini';
  const server = functionsEnv.OPENAI_BASE_URL?.trim() || 'OpenAI';
  return `on: ${model} at ${server} (supabase/functions/.env)`;
}
