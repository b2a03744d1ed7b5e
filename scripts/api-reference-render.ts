/**
 * docs/api-reference.md from the `/api` surface's OpenAPI document: one table
 * per domain (method, path, what it does, query parameters, body fields), so
 * people can read the reference without an OpenAPI viewer. The integration
 * test tests/integration/api-coverage.test.ts fails when the committed file
 * differs from what the served document renders to.
 */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** The field names a body accepts (all alternatives of a union). */
function bodyFields(operation: Operation): string {
  const content = operation.requestBody?.content;
  if (!content) return '';
  const [type, { schema }] = Object.entries(content)[0];
  const names = new Set<string>();
  const visit = (s: Schema) => {
    Object.keys(s.properties ?? {}).forEach((n) => names.add(n));
    [...(s.anyOf ?? []), ...(s.oneOf ?? [])].forEach(visit);
  };
  visit(schema);
  const prefix = type.startsWith('multipart') ? 'multipart: ' : '';
  return names.size ? `${prefix}${[...names].map((n) => `\`${n}\``).join(', ')}` : prefix.trim();
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderApiReference(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? 'other';
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => `\`${p.name}\``).join(', ');
      const row = `| ${method.toUpperCase()} | \`${path}\` | ${cell(operation.summary ?? '')} | ${query} | ${cell(bodyFields(operation))} |`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, rows]) => `## ${tag}\n\n| Method | Path | What it does | Query | Body |\n| --- | --- | --- | --- | --- |\n${rows.sort().join('\n')}\n`);
  return `# /api reference\n\nGenerated from \`/api/openapi.json\` by \`npm run api:reference\` (scripts/api-reference.ts); see [api.md](api.md) for authentication, errors and hosting. Every call needs a session (bearer token or the session cookie) unless noted; answers are JSON in the spec's camelCase shapes, 204 when there is no data.\n\n${sections.join('\n')}`;
}
