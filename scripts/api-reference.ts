/**
 * `npm run api:reference`: writes docs/api-reference.md from the `/api`
 * surface's OpenAPI document served by a running local stack
 * (`npm run stack -- start` first; API_URL overrides the default).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderApiReference, type OpenApiDocument } from './api-reference-render.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:54321';
const response = await fetch(`${apiUrl}/functions/v1/api/openapi.json`);
if (!response.ok) {
  console.error(`api-reference: ${apiUrl} answered ${response.status}; is the stack running (npm run stack -- start)?`);
  process.exit(1);
}
const file = path.join(root, 'docs', 'api-reference.md');
fs.writeFileSync(file, renderApiReference((await response.json()) as OpenApiDocument));
console.log(`api-reference: wrote ${path.relative(root, file)}`);
