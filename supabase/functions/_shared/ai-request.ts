/**
 * The one order in which every AI call is checked — in each AI function and,
 * through the same pieces, in the `/api` AI routes (api/routes/ai.ts):
 *
 *   405 wrong method → 401 who is calling → 403 may they use AI →
 *   413 body too large / 400 not JSON → 400 fields (zod, then the call's own
 *   rules) → 503 AI not configured → 429 rate limit (beginAiCall) → the work.
 *
 * So an agent is told 403 whatever the configuration (the app shows them the
 * coming-soon notice), and a malformed or oversized body is refused as such
 * before anyone learns whether a provider is configured. Calls without a body
 * (GET) validate `{}`.
 */
import { type ActingAccount, actingAccount, coordinatesOrAdmin } from './account.ts';
import { type AiSettings, requireAiSettings } from './ai.ts';
import type { SupabaseClient, z } from './deps.ts';
import { HttpError } from './http.ts';
import { createUserClient, requireUser } from './supabase.ts';
import type { TokenUser } from './token.ts';
import { readJson, validBody } from './validate.ts';

/** The AI calls' bodies are a question or a few fields (at most a few KB); far past that is not a real call. */
export const AI_MAX_BODY_BYTES = 64 * 1024;

/** Smart reminders work without a model, so their refusal does not speak of AI tools. */
export const SMART_REMINDERS_REFUSAL = 'Smart reminders are for coordinators and super admins';

/** The coordinator or super admin account of a caller, else 403 (agents get the coming-soon notice, not the tools). */
export async function requireAiAccount(db: SupabaseClient, refusal = 'The AI tools are for coordinators and super admins.'): Promise<ActingAccount> {
  const account = await actingAccount(db);
  if (!account) throw new HttpError(403, 'forbidden', 'This sign-in has no account');
  if (!coordinatesOrAdmin(account)) throw new HttpError(403, 'forbidden', refusal);
  return account;
}

type Who = 'coordinators' | 'signed-in';
type Provider = 'required' | 'optional';

export interface AiRequestSpec<S extends z.ZodType, W extends Who, P extends Provider> {
  /** Methods the function answers (405 otherwise). */
  methods: readonly ('GET' | 'POST')[];
  /** 'coordinators': coordinators and super admins (agents 403); 'signed-in': anyone signed in (ai-status). */
  who: W;
  /** The 403's message for everyone else (default: the AI tools are for coordinators and super admins). */
  refusal?: string;
  body: S;
  /** Rules with their own spec texts (HttpError 400), after zod and before the configuration. */
  check?: (body: z.infer<S>) => void;
  /** 'required': 503 without a provider; 'optional': the call works without one (statistics, rule strings). */
  provider: P;
}

export interface AiRequest<T, W extends Who, P extends Provider> {
  user: TokenUser;
  /** Acts as the caller (RLS). */
  db: SupabaseClient;
  /** The caller's account; null for 'signed-in' calls, which do not look it up. */
  account: W extends 'coordinators' ? ActingAccount : null;
  body: T;
  /** The provider settings of a 'required' call; null for 'optional' ones (they decide themselves). */
  settings: P extends 'required' ? AiSettings : null;
}

/** Checks a request in the shared order and gives what the work needs, or throws the first refusal. */
export async function acceptAiRequest<S extends z.ZodType, W extends Who, P extends Provider>(
  req: Request,
  spec: AiRequestSpec<S, W, P>,
): Promise<AiRequest<z.infer<S>, W, P>> {
  if (!(spec.methods as readonly string[]).includes(req.method)) {
    throw new HttpError(405, 'method_not_allowed', `Use ${spec.methods.join(' or ')}`);
  }
  const user = await requireUser(req);
  const db = createUserClient(req);
  const account = (spec.who === 'coordinators' ? await requireAiAccount(db, spec.refusal) : null) as AiRequest<z.infer<S>, W, P>['account'];
  const raw = req.method === 'GET' ? {} : await readJson(req, AI_MAX_BODY_BYTES);
  const body = validBody(raw, spec.body);
  spec.check?.(body);
  const settings = (spec.provider === 'required' ? requireAiSettings() : null) as AiRequest<z.infer<S>, W, P>['settings'];
  return { user, db, account, body, settings };
}
