/**
 * The AI provider of the Edge Functions: settings from the functions'
 * environment (supabase/functions/.env locally, project secrets on hosted),
 * the official OpenAI SDK pointed at any OpenAI-compatible server, the
 * per-person rate limit and the ai_interactions log, and one mapping of
 * provider failures to clear answers.
 *
 *   OPENAI_API_KEY            required; without it AI is "not configured"
 *   OPENAI_BASE_URL           optional (Azure OpenAI, Ollama, vLLM, LM Studio…)
 *   OPENAI_MODEL              default gpt-4o-mini
 *   OPENAI_TIMEOUT_MS         default 60000
 *   AI_RATE_LIMIT_PER_MINUTE  calls per person per minute, default 20
 *
 * The key never leaves this module: answers say only whether AI is configured.
 */
import { OpenAI, z } from './deps.ts';
import { HttpError } from './http.ts';
import { createAdminClient } from './supabase.ts';
import type { TokenUser } from './token.ts';

export const AI_NOT_CONFIGURED_MESSAGE =
  "AI is not configured. Set OPENAI_API_KEY (and optionally OPENAI_BASE_URL and OPENAI_MODEL) in the Edge Functions' environment: supabase/functions/.env locally, project secrets on hosted Supabase.";

/** Blank variables count as unset (an empty line in .env must not configure anything). */
const optional = (schema: z.ZodType) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const settingsSchema = z.object({
  OPENAI_API_KEY: optional(z.string().trim().min(1).optional()),
  OPENAI_BASE_URL: optional(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_MODEL: optional(z.string().trim().min(1).max(100).default('gpt-4o-mini')),
  OPENAI_TIMEOUT_MS: optional(z.coerce.number().int().min(500).max(600_000).default(60_000)),
  AI_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1).max(10_000).default(20)),
});

export interface AiSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  requestsPerMinute: number;
}

/** The provider settings, or null when no key is configured. A malformed value is a 503 naming the variable. */
export function aiSettings(): AiSettings | null {
  const parsed = settingsSchema.safeParse(Deno.env.toObject());
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new HttpError(503, 'ai_misconfigured', `AI is misconfigured: check ${names} in the Edge Functions' environment.`);
  }
  const env = parsed.data as {
    OPENAI_API_KEY?: string;
    OPENAI_BASE_URL?: string;
    OPENAI_MODEL: string;
    OPENAI_TIMEOUT_MS: number;
    AI_RATE_LIMIT_PER_MINUTE: number;
  };
  if (!env.OPENAI_API_KEY) return null;
  return {
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    requestsPerMinute: env.AI_RATE_LIMIT_PER_MINUTE,
  };
}

/** The settings, or a 503 `ai_not_configured` saying how to configure AI. */
export function requireAiSettings(): AiSettings {
  const settings = aiSettings();
  if (!settings) throw new HttpError(503, 'ai_not_configured', AI_NOT_CONFIGURED_MESSAGE);
  return settings;
}

/** An SDK client; no automatic retries (a person waiting is better served by a clear error at once). */
export function aiClient(settings: AiSettings): OpenAI {
  return new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs, maxRetries: 0 });
}

/** A provider (or network) failure as the answer the caller gets; anything else passes through unchanged. */
export function providerFailure(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError || (error instanceof Error && error.name === 'TimeoutError')) {
    return new HttpError(504, 'ai_timeout', 'The AI provider did not answer in time. Please try again.');
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    if (error.status === 401 || error.status === 403) {
      return new HttpError(502, 'ai_provider_auth', 'The AI provider refused the configured API key.');
    }
    if (error.status === 429) {
      const retryAfter = Number(error.headers?.get?.('retry-after'));
      const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined;
      return new HttpError(
        503,
        'ai_provider_busy',
        `The AI provider is limiting requests.${seconds ? ` Try again in ${seconds} s.` : ' Try again shortly.'}`,
        seconds ? { retryAfterSeconds: seconds } : undefined,
        seconds ? { 'Retry-After': String(seconds) } : undefined,
      );
    }
    return new HttpError(502, 'ai_provider_error', `The AI provider failed to answer (status ${error.status}).`);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new HttpError(502, 'ai_provider_unreachable', 'The AI provider could not be reached.');
  }
  return error;
}

/** The answer's code for the log: the HttpError's code, else a generic one. */
function errorCodeOf(error: unknown): string {
  return error instanceof HttpError ? error.code : 'internal_error';
}

export type AiCallType = 'chat' | 'listing_descriptions' | 'workflow_insights' | 'smart_reminders' | 'contract_intake';

/** One logged AI call of one person (an open ai_interactions entry). */
export interface AiCall {
  id: string;
  /** The account the caller acts as (users.id). */
  accountId: string;
  settings: AiSettings;
  /** Closes the entry as successful. */
  succeed(output: string): Promise<void>;
  /** Closes the entry as failed with the error's code. */
  fail(error: unknown): Promise<void>;
}

/**
 * Opens the log entry of a call, after the checks every AI call shares:
 * coordinators and super admins only (403), at most `requestsPerMinute`
 * calls per sign-in and minute (429 with Retry-After). The database derives
 * the account from the verified sign-in, never from the request.
 */
export async function beginAiCall(
  user: TokenUser,
  settings: AiSettings,
  call: { type: AiCallType; input: string; inputChars: number },
): Promise<AiCall> {
  const admin = createAdminClient();
  const { data, error } = await admin
    .rpc('begin_ai_interaction', {
      auth_user_id: user.id,
      interaction_type: call.type,
      input_text: call.input,
      input_chars: call.inputChars,
      model: settings.model,
      requests_per_minute: settings.requestsPerMinute,
    })
    .single<{ interaction_id: string | null; account_id: string; account_role: string; may_use_ai: boolean; retry_after_seconds: number }>();
  if (error) {
    if (error.code === '42501') throw new HttpError(403, 'forbidden', 'This sign-in has no account');
    throw new Error(`begin_ai_interaction failed: ${error.message}`);
  }
  if (!data.may_use_ai) throw new HttpError(403, 'forbidden', 'The AI tools are for coordinators and super admins.');
  if (!data.interaction_id) {
    const seconds = data.retry_after_seconds;
    throw new HttpError(
      429,
      'rate_limited',
      `Too many AI requests: at most ${settings.requestsPerMinute} per minute. Try again in ${seconds} s.`,
      { retryAfterSeconds: seconds, limitPerMinute: settings.requestsPerMinute },
      { 'Retry-After': String(seconds) },
    );
  }
  const id = data.interaction_id;
  const close = async (output: string, errorCode: string | null) => {
    const { error: finishError } = await admin.rpc('finish_ai_interaction', {
      interaction_id: id,
      output_text: output,
      output_chars: output.length,
      error_code: errorCode,
    });
    if (finishError) console.error(`finish_ai_interaction failed: ${finishError.message}`);
  };
  return {
    id,
    accountId: data.account_id,
    settings,
    succeed: (output) => close(output, null),
    fail: (failure) => close('', errorCodeOf(failure)),
  };
}

/**
 * Runs one non-streaming AI step inside a logged call: provider failures
 * become clear answers, and the entry is closed either way.
 */
export async function runLogged<T>(call: AiCall, work: () => Promise<{ result: T; output: string }>): Promise<T> {
  try {
    const { result, output } = await work();
    await call.succeed(output);
    return result;
  } catch (error) {
    const failure = providerFailure(error);
    await call.fail(failure);
    throw failure;
  }
}
