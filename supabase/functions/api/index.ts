/**
 * The `/api` compatibility surface (spec part 1 §7, part 2 §7): every call of
 * the specification at `/functions/v1/api/<path>`, which the app's origin
 * rewrites `/api/*` to (vite.config.ts; docs/api.md for production hosting).
 * Each handler runs as the caller (bearer token or session cookie) under RLS.
 *
 * `verify_jwt = false` in config.toml: cookie calls carry no Authorization
 * header, so this function checks every token itself (session.ts) and
 * answers 401 `Unauthorized` without one.
 */
import { handler, json } from '../_shared/http.ts';
import { openApiDocument } from './openapi.ts';
import { createRouter, route } from './router.ts';
import { routes } from './routes/index.ts';

const documentRoute = route({
  method: 'GET',
  path: '/openapi.json',
  tag: 'meta',
  auth: 'none',
  summary: 'This OpenAPI 3.1 document.',
  async handler({ req }) {
    const url = new URL(req.url);
    const base = url.pathname.replace(/\/openapi\.json$/, '').replace(/\/api$/, '');
    return json(openApiDocument(api.routes, `${url.origin}${base}`), 200, { 'Cache-Control': 'public, max-age=300' });
  },
});

const api = createRouter([...routes, documentRoute]);

Deno.serve(handler((req) => api.handle(req)));
