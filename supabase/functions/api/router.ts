/**
 * The `/api` compatibility surface's router: each route declares its method,
 * path (spec §7 spelling, `:name` for path parameters), zod schemas for path
 * parameters, query and body, and its answers — the same declarations drive
 * validation, dispatch and the OpenAPI document (openapi.ts).
 *
 * A handler returns data (200 JSON, or `status` of the route), nothing (204)
 * or a ready Response (files, cookies). Failures are HttpErrors whose JSON
 * body carries `message` (spec part 1 §8: clients show '{status}: {message}').
 */
import { z } from '../_shared/deps.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { HttpError, json } from '../_shared/http.ts';
import { invalidInput, MAX_JSON_BYTES, readJson } from '../_shared/validate.ts';
import { authenticate, type Caller } from './session.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route's body is: JSON validated by a schema, multipart form data, or nothing. */
export type BodySpec = { json: z.ZodType } | { multipart: z.ZodType } | undefined;

export interface RouteContext<P, Q, B> {
  req: Request;
  params: P;
  query: Q;
  body: B;
  /** The signed-in caller (null only on `auth: 'none'` routes). */
  caller: Caller;
}

export interface RouteDefinition<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** Path below /api, e.g. `/listings/:id/notes`. */
  path: string;
  summary: string;
  /** OpenAPI tag (the domain). */
  tag: string;
  /** 'session' (default): a signed-in caller is required; 'none': public. */
  auth?: 'session' | 'none';
  /** Who among signed-in callers may call it (throws 403), checked before the request is read. */
  permit?: (caller: Caller) => Promise<void>;
  /** Largest JSON body accepted (413 past it; default MAX_JSON_BYTES). */
  maxBodyBytes?: number;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: BodySpec;
  /** Status of a successful answer with data (default 200; 204 when the handler returns nothing). */
  status?: number;
  /** Shape of the successful answer, for the OpenAPI document. */
  response?: z.ZodType;
  /** For a route answering a redirect (`status`): where it leads, for the OpenAPI document. */
  redirect?: string;
  handler(ctx: RouteContext<P, Q, B>): Promise<unknown>;
}

/** Declares a route with its types inferred from its schemas. */
export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  definition: RouteDefinition<P, Q, B>,
): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

interface CompiledRoute {
  definition: RouteDefinition;
  pattern: RegExp;
  names: string[];
  /** Literal segments count first, so `/listings/stats` wins over `/listings/:id`. */
  specificity: number;
}

function compile(definition: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  const segments = definition.path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '/([^/]+)';
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { definition, pattern: new RegExp(`^${source}/?$`), names, specificity: segments.filter((s) => !s.startsWith(':')).length };
}

/** A zod failure as a 400 naming the fields (the message is shown to people as is). */
function invalid(error: z.ZodError, where: string): HttpError {
  return invalidInput(error, 'invalid_input', (summary) => `Invalid ${where}: ${summary}`);
}

async function readBody(req: Request, spec: BodySpec, maxBytes: number): Promise<unknown> {
  if (!spec) return undefined;
  if ('multipart' in spec) {
    const type = req.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      throw new HttpError(400, 'invalid_input', 'Invalid body: send multipart/form-data');
    }
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw new HttpError(400, 'invalid_input', 'Invalid body: the multipart form could not be read');
    }
    const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
    for (const key of new Set(form.keys())) {
      const all = form.getAll(key);
      fields[key] = all.length === 1 ? all[0] : all;
    }
    const parsed = spec.multipart.safeParse(fields);
    if (!parsed.success) throw invalid(parsed.error, 'body');
    return parsed.data;
  }
  const parsed = spec.json.safeParse(await readJson(req, maxBytes));
  if (!parsed.success) throw invalid(parsed.error, 'body');
  return parsed.data;
}

export interface Router {
  routes: readonly RouteDefinition[];
  handle(req: Request): Promise<Response>;
}

/** The router over these routes; `prefix` is what the platform puts before the route paths (`/api`). */
export function createRouter(definitions: readonly RouteDefinition[], prefix = '/api'): Router {
  const compiled = definitions.map(compile).sort((a, b) => b.specificity - a.specificity);
  return {
    routes: definitions,
    async handle(req) {
      const url = new URL(req.url);
      const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : url.pathname;
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      let pathMatched = false;
      for (const candidate of compiled) {
        const match = candidate.pattern.exec(path);
        if (!match) continue;
        pathMatched = true;
        if (candidate.definition.method !== method) continue;
        return await dispatch(candidate, match, url, req);
      }
      if (pathMatched) throw new HttpError(405, 'method_not_allowed', `${req.method} is not allowed on /api${path}`);
      throw new HttpError(404, 'not_found', `No API route ${req.method} /api${path}`);
    },
  };
}

/**
 * One order for every route: who calls (401), whether they may (403), then
 * what they name (404 for a malformed id), then what they send (400, 413).
 */
async function dispatch(candidate: CompiledRoute, match: RegExpExecArray, url: URL, req: Request): Promise<Response> {
  const { definition } = candidate;
  const caller = definition.auth === 'none' ? null : await authenticate(req);
  if (caller && definition.permit) await definition.permit(caller);
  const rawParams: Record<string, string> = {};
  candidate.names.forEach((name, i) => {
    try {
      rawParams[name] = decodeURIComponent(match[i + 1]);
    } catch {
      rawParams[name] = match[i + 1];
    }
  });
  // A malformed id names nothing that exists: 404, like an unknown one.
  const params = definition.params ? definition.params.safeParse(rawParams) : { success: true as const, data: rawParams };
  if (!params.success) throw new HttpError(404, 'not_found', 'Not found');

  const query = definition.query ? definition.query.safeParse(Object.fromEntries(url.searchParams)) : { success: true as const, data: {} };
  if (!query.success) throw invalid(query.error, 'query');
  const body = await readBody(req, definition.body, definition.maxBodyBytes ?? MAX_JSON_BYTES);

  const result = await definition.handler({ req, params: params.data, query: query.data, body, caller: caller as Caller });
  if (result instanceof Response) return withCors(result);
  if (result === undefined || result === null) return new Response(null, { status: 204, headers: corsHeaders });
  return json(result, definition.status ?? 200, { 'Cache-Control': 'no-store' });
}

/** Bearer-token clients on other origins read answers only with CORS headers (json() adds them; ready Responses get them here). */
function withCors(response: Response): Response {
  for (const [key, value] of Object.entries(corsHeaders)) if (!response.headers.has(key)) response.headers.set(key, value);
  return response;
}
