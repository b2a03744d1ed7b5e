/**
 * The OpenAPI 3.1 document of the `/api` surface, generated from the routes'
 * own zod schemas (JSON Schema 2020-12, which OpenAPI 3.1 uses as is), so the
 * documentation cannot drift from what the router validates.
 */
import { z } from '../_shared/deps.ts';
import type { RouteDefinition } from './router.ts';

type JsonSchema = Record<string, unknown>;

function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Schemas with transforms or custom checks still describe their input/output side.
  const schema = z.toJSONSchema(type, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

const errorSchema: JsonSchema = {
  type: 'object',
  properties: { message: { type: 'string', description: "What went wrong; clients show '{status}: {message}'." } },
  required: ['message'],
};

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

function parameters(definition: RouteDefinition): unknown[] {
  const list: unknown[] = [];
  const add = (where: 'path' | 'query', type: z.ZodType | undefined) => {
    if (!type) return;
    const schema = schemaOf(type, 'input');
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: property, description: property.description });
    }
  };
  add('path', definition.params);
  add('query', definition.query);
  return list;
}

function requestBody(definition: RouteDefinition): unknown {
  const body = definition.body;
  if (!body) return undefined;
  if ('json' in body) return { required: true, content: { 'application/json': { schema: schemaOf(body.json, 'input') } } };
  return { required: true, content: { 'multipart/form-data': { schema: schemaOf(body.multipart, 'input') } } };
}

export function openApiDocument(routes: readonly RouteDefinition[], serverUrl: string): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const definition of routes) {
    const path = `/api${definition.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const responses: Record<string, unknown> = {};
    if (definition.redirect) {
      responses[String(definition.status ?? 302)] = {
        description: definition.redirect,
        headers: { Location: { description: 'A path on the origin the browser asked', schema: { type: 'string' } } },
      };
    } else if (definition.response) {
      responses[String(definition.status ?? 200)] = {
        description: 'Success',
        content: { 'application/json': { schema: schemaOf(definition.response, 'output') } },
      };
    } else {
      responses['204'] = { description: 'Done; no content' };
    }
    if (!definition.redirect) responses['400'] = errorResponse('Malformed input; the message names the field');
    if (definition.auth !== 'none') {
      responses['401'] = errorResponse('No valid session: `Unauthorized`');
      responses['403'] = errorResponse('Signed in but not allowed');
    }
    if (!definition.redirect) responses['404'] = errorResponse('Unknown id, or not visible to the caller');
    if (definition.body) responses['413'] = errorResponse('The body is over the size limit');
    (paths[path] ??= {})[definition.method.toLowerCase()] = {
      summary: definition.summary,
      tags: [definition.tag],
      operationId: `${definition.method.toLowerCase()}${definition.path.replace(/[/:-]+([a-zA-Z])/g, (_m, c: string) => c.toUpperCase())}`,
      parameters: parameters(definition),
      requestBody: requestBody(definition),
      responses,
      security: definition.auth === 'none' ? [] : [{ bearer: [] }, { cookie: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ListingDesk API',
      version: '1.0.0',
      description:
        'The compatibility surface of the product specification (part 1 §7, part 2 §7). Every call runs as the caller under row-level security, exactly as the app does.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A Supabase access token (what supabase-js sends).' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'listingdesk_session', description: 'Set by the app at sign-in (POST /api/auth/session).' },
      },
    },
  };
}
