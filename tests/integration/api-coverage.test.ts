/**
 * The `/api` surface covers the specification: every call of both §7 tables
 * has a route in the OpenAPI document the function serves, and every route
 * (spec call or not) is exercised by a test whose title names it as
 * '<METHOD> /api/<path>' in one of tests/integration/api-*.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderApiReference, type OpenApiDocument } from '../../scripts/api-reference-render.ts';
import { normalizeCall, SPEC_API_CALLS } from '../fixtures/api-spec-calls.ts';
import { stackInfo } from '../support/clients.ts';

const TEST_DIR = import.meta.dirname;

async function documentedCalls(): Promise<string[]> {
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/api/openapi.json`);
  expect(response.status, 'the OpenAPI document is served').toBe(200);
  const doc = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([p, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${p}`));
}

/** Every '<METHOD> /api/…' named in the API test files (titles name the call they exercise). */
function testedCalls(): Set<string> {
  const named = new Set<string>();
  for (const file of fs.readdirSync(TEST_DIR).filter((f) => /^api-.*\.test\.ts$/.test(f) && f !== 'api-coverage.test.ts')) {
    const text = fs.readFileSync(path.join(TEST_DIR, file), 'utf8');
    for (const match of text.matchAll(/\b(GET|POST|PUT|DELETE) (\/api\/[A-Za-z0-9_{}/.-]+)/g)) named.add(normalizeCall(`${match[1]} ${match[2]}`));
  }
  return named;
}

describe('/api coverage of the specification', () => {
  it('every call of both §7 tables has a route', async () => {
    const routes = new Set((await documentedCalls()).map(normalizeCall));
    const missing = SPEC_API_CALLS.filter((call) => !routes.has(normalizeCall(call)));
    expect(missing, 'spec calls without a route').toEqual([]);
  });

  it('every route is exercised by a test that names it', async () => {
    const tested = testedCalls();
    const untested = (await documentedCalls()).filter((call) => !tested.has(normalizeCall(call)) && call !== 'GET /api/openapi.json');
    expect(untested, 'routes without a test').toEqual([]);
    const untestedSpecCalls = SPEC_API_CALLS.filter((call) => !tested.has(normalizeCall(call)));
    expect(untestedSpecCalls, 'spec calls without a test').toEqual([]);
  });

  it('docs/api-reference.md is the served OpenAPI document rendered (npm run api:reference)', async () => {
    const doc = (await (await fetch(`${stackInfo().apiUrl}/functions/v1/api/openapi.json`)).json()) as OpenApiDocument;
    const committed = fs.readFileSync(path.join(TEST_DIR, '../../docs/api-reference.md'), 'utf8');
    expect(committed, 'the readable reference is up to date: run `npm run stack -- start` and `npm run api:reference`').toBe(renderApiReference(doc));
  });
});
