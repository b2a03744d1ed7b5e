/**
 * The AI assistant's read-only tools: what the model may look up about the
 * caller's own work. Every tool runs with the CALLER's client, so row-level
 * security limits it exactly as the app is limited, and each query also names
 * its scope explicitly (a coordinator's listings: `tc_id` = them or one of
 * their agents'; a super admin: every listing RLS shows them).
 *
 * Tool outputs are compact JSON capped in size; bad arguments give a result
 * saying so (the model can retry), never a crash. The model is told that these
 * results are data, never instructions.
 */
import { OpenAI, z, type SupabaseClient } from './deps.ts';

type ToolDefinition = OpenAI.Chat.Completions.ChatCompletionFunctionTool;

/** Who the tools act for: the account the caller acts as (users.id) and its role. */
export interface ToolContext {
  client: SupabaseClient;
  accountId: string;
  /** True for super admins (role or original role): their scope is every listing RLS lets them read. */
  superAdmin: boolean;
}

/** Largest tool result sent back to the model, in characters. */
export const TOOL_RESULT_MAX_CHARS = 8_000;
const LISTING_STATUSES = ['incomplete', 'ready', 'live', 'under_contract', 'closed'] as const;
/** Listings scanned for missing documents or photos (one request). */
const MISSING_SCAN_LIMIT = 500;

const listingsArgs = z.strictObject({
  status: z.enum(LISTING_STATUSES).optional(),
  addressContains: z.string().trim().min(1).max(200).optional(),
});
const tasksArgs = z.strictObject({ only: z.enum(['all', 'overdue', 'unanswered']).optional() });
const missingArgs = z.strictObject({ missing: z.enum(['documents', 'photos', 'either']).optional() });
const messagesArgs = z.strictObject({ listingId: z.uuid().optional() });

/** The tool definitions sent to the model (JSON schema, as the OpenAI API expects). */
export const chatTools: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'list_my_listings',
      description: 'The listings the user works on (id, address, status, price), newest first, at most 50. Optional filters: status, part of the address.',
      parameters: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: [...LISTING_STATUSES] },
          addressContains: { type: 'string', description: 'Case-insensitive part of the address' },
        },
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_open_tasks',
      description:
        'Open (not completed) tasks / requirements on the user\'s listings, at most 50, with overdue (due date before today) and unanswered (no agent response yet) flags. Optional filter only: all, overdue or unanswered.',
      parameters: {
        type: 'object',
        properties: { only: { type: 'string', enum: ['all', 'overdue', 'unanswered'] } },
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'listings_missing_items',
      description: 'The user\'s listings that have no documents and/or no photos. Optional filter missing: documents, photos or either (default either).',
      parameters: {
        type: 'object',
        properties: { missing: { type: 'string', enum: ['documents', 'photos', 'either'] } },
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'recent_listing_messages',
      description: 'The 20 most recent messages on the user\'s listings (sender name, listing address, text, time). Optional listingId to limit to one listing.',
      parameters: {
        type: 'object',
        properties: { listingId: { type: 'string', format: 'uuid' } },
        additionalProperties: false,
      },
    },
  },
];

/**
 * A coordinator's listings as a PostgREST `or` filter: those they coordinate
 * (`tc_id`) or whose agent is assigned to them (private.coordinated_listing_ids()).
 * Null for a super admin (no narrower scope than RLS's "all").
 */
async function listingScope(ctx: ToolContext): Promise<string | null> {
  if (ctx.superAdmin) return null;
  const agents = await ctx.client.from('users').select('id').eq('assigned_tc_id', ctx.accountId).limit(1000);
  if (agents.error) throw new Error(`agents query failed: ${agents.error.message}`);
  const ids = (agents.data ?? []).map((a: { id: string }) => a.id);
  return ids.length > 0 ? `tc_id.eq.${ctx.accountId},agent_id.in.(${ids.join(',')})` : `tc_id.eq.${ctx.accountId}`;
}

const today = () => new Date().toISOString().slice(0, 10);
const personName = (p: { first_name: string | null; last_name: string | null } | null) =>
  p ? [p.first_name, p.last_name].filter(Boolean).join(' ') || 'User' : 'User';
/** PostgREST embeds a to-one relation as an object (typed loosely by the untyped client). */
const one = <T>(value: T | T[] | null): T | null => (Array.isArray(value) ? (value[0] ?? null) : value);

function check<T>(result: { data: T | null; error: { message: string } | null }): T {
  if (result.error) throw new Error(`query failed: ${result.error.message}`);
  return result.data as T;
}

async function listMyListings(ctx: ToolContext, args: z.infer<typeof listingsArgs>) {
  const scope = await listingScope(ctx);
  let query = ctx.client.from('listings').select('id, address, status, listing_price');
  if (scope) query = query.or(scope);
  if (args.status) query = query.eq('status', args.status);
  // ilike wildcards in the user's text are taken literally.
  if (args.addressContains) query = query.ilike('address', `%${args.addressContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = check(await query.order('created_at', { ascending: false }).order('id').limit(50));
  return {
    listings: (rows as { id: string; address: string; status: string; listing_price: string | null }[]).map((l) => ({
      id: l.id,
      address: l.address,
      status: l.status,
      price: l.listing_price,
    })),
  };
}

interface TaskRow {
  title: string;
  status: string;
  priority: string;
  due_date: string | null;
  agent_response: string | null;
  listing: { id: string; address: string } | { id: string; address: string }[] | null;
  assignee: { first_name: string | null; last_name: string | null } | null;
}

async function listOpenTasks(ctx: ToolContext, args: z.infer<typeof tasksArgs>) {
  const scope = await listingScope(ctx);
  let query = ctx.client
    .from('tasks')
    .select('title, status, priority, due_date, agent_response, listing:listings!inner(id, address), assignee:users!assigned_to_id(first_name, last_name)')
    .neq('status', 'completed');
  if (scope) query = query.or(scope, { referencedTable: 'listing' });
  if (args.only === 'overdue') query = query.lt('due_date', today());
  if (args.only === 'unanswered') query = query.is('agent_response', null);
  const rows = check(await query.order('due_date', { ascending: true, nullsFirst: false }).order('id').limit(50)) as unknown as TaskRow[];
  const now = today();
  return {
    today: now,
    tasks: rows.map((t) => ({
      title: t.title,
      listing: one(t.listing)?.address ?? null,
      listingId: one(t.listing)?.id ?? null,
      assignee: personName(one(t.assignee)),
      priority: t.priority,
      dueDate: t.due_date,
      overdue: t.due_date !== null && t.due_date < now,
      unanswered: t.agent_response === null,
    })),
  };
}

interface MissingRow {
  id: string;
  address: string;
  status: string;
  photo_urls: unknown;
  property_image_url: string | null;
  documents: { count: number }[];
}

async function listingsMissingItems(ctx: ToolContext, args: z.infer<typeof missingArgs>) {
  const missing = args.missing ?? 'either';
  const scope = await listingScope(ctx);
  // One request: each listing with the number of its documents embedded.
  let query = ctx.client.from('listings').select('id, address, status, photo_urls, property_image_url, documents(count)');
  if (scope) query = query.or(scope);
  const rows = check(await query.order('created_at', { ascending: false }).order('id').limit(MISSING_SCAN_LIMIT)) as unknown as MissingRow[];
  const found = rows
    .map((l) => {
      const documents = l.documents[0]?.count ?? 0;
      const photos = (Array.isArray(l.photo_urls) ? l.photo_urls.length : 0) + (l.property_image_url ? 1 : 0);
      return { id: l.id, address: l.address, status: l.status, documents, photos, noDocuments: documents === 0, noPhotos: photos === 0 };
    })
    .filter((l) => (missing === 'documents' ? l.noDocuments : missing === 'photos' ? l.noPhotos : l.noDocuments || l.noPhotos));
  return { missing, listingsChecked: rows.length, listings: found.slice(0, 50) };
}

interface MessageRow {
  content: string;
  is_voice: boolean;
  created_at: string;
  sender: { first_name: string | null; last_name: string | null } | null;
  listing: { id: string; address: string } | null;
}

async function recentListingMessages(ctx: ToolContext, args: z.infer<typeof messagesArgs>) {
  const scope = await listingScope(ctx);
  let query = ctx.client
    .from('messages')
    .select('content, is_voice, created_at, sender:users!sender_id(first_name, last_name), listing:listings!inner(id, address)')
    .eq('is_general', false);
  if (scope) query = query.or(scope, { referencedTable: 'listing' });
  if (args.listingId) query = query.eq('listing_id', args.listingId);
  const rows = check(await query.order('created_at', { ascending: false }).order('id').limit(20)) as unknown as MessageRow[];
  return {
    messages: rows.map((m) => ({
      listing: one(m.listing)?.address ?? null,
      from: personName(one(m.sender)),
      at: m.created_at,
      text: m.is_voice ? '(voice message)' : m.content.slice(0, 300),
    })),
  };
}

const implementations: Record<string, { args: z.ZodType; run: (ctx: ToolContext, args: never) => Promise<unknown> }> = {
  list_my_listings: { args: listingsArgs, run: listMyListings },
  list_open_tasks: { args: tasksArgs, run: listOpenTasks },
  listings_missing_items: { args: missingArgs, run: listingsMissingItems },
  recent_listing_messages: { args: messagesArgs, run: recentListingMessages },
};

/** A value as JSON of at most `TOOL_RESULT_MAX_CHARS`, dropping trailing list items (and saying so) when it is longer. */
export function compactJson(value: unknown): string {
  let text = JSON.stringify(value);
  if (text.length <= TOOL_RESULT_MAX_CHARS || !value || typeof value !== 'object') return text.slice(0, TOOL_RESULT_MAX_CHARS);
  const record = { ...(value as Record<string, unknown>) };
  const listKey = Object.keys(record).find((k) => Array.isArray(record[k]));
  if (!listKey) return text.slice(0, TOOL_RESULT_MAX_CHARS);
  const list = [...(record[listKey] as unknown[])];
  while (list.length > 0 && text.length > TOOL_RESULT_MAX_CHARS) {
    list.pop();
    text = JSON.stringify({ ...record, [listKey]: list, truncated: true });
  }
  return text.slice(0, TOOL_RESULT_MAX_CHARS);
}

/**
 * Runs one tool the model asked for and returns its result as compact JSON.
 * Unknown tools and invalid arguments are results saying so; a failed query
 * is logged and reported to the model without its details.
 */
export async function runTool(ctx: ToolContext, name: string, rawArguments: string): Promise<string> {
  const tool = implementations[name];
  if (!tool) return compactJson({ error: `Unknown tool "${name}".` });
  let parsedJson: unknown;
  try {
    parsedJson = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  } catch {
    return compactJson({ error: 'Invalid arguments: not JSON.' });
  }
  const args = tool.args.safeParse(parsedJson);
  if (!args.success) {
    return compactJson({ error: `Invalid arguments: ${args.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}` });
  }
  try {
    return compactJson(await tool.run(ctx, args.data as never));
  } catch (error) {
    console.error(`tool ${name} failed`, error);
    return compactJson({ error: 'The lookup failed; no data is available for it right now.' });
  }
}
