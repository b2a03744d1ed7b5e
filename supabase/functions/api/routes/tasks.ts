/**
 * Requirement tasks and coordinator responses (spec part 1 §7, part 2 §7):
 * a listing's tasks, an agent's tasks, creating one (both payloads of the
 * spec), the agent's answer and the coordinator's toggle through the same
 * database functions the app calls (respond_to_task, set_task_completed,
 * mark_task_read, resend_task), and a coordinator's response to the agent.
 *
 * Owner columns come from the database: `createdById`/`createdBy` and `tcId`
 * are accepted for old clients and ignored (the insert trigger sets the
 * caller's active account); RLS admits only the listing's coordinator,
 * assigning the listing's own agent.
 */
import { z } from '../../_shared/deps.ts';
import { found, unwrap } from '../db.ts';
import { fetchChildrenPage } from '../embedded-page.ts';
import { route } from '../router.ts';
import { camelize, idParam, pageQuery, PERSON, personShape, type PageQuery } from '../shapes.ts';

/** The fields the screens read, with the assignee (spec part 1 §3 Task). */
const TASK_COLUMNS =
  `id, listing_id, title, description, priority, status, agent_response, is_read_by_agent, responded_at, due_date, completed_at, last_reminded_at, created_at, updated_at, assigned_to_id, created_by_id, assigned_to:users!tasks_assigned_to_id_fkey(${PERSON})`;

const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
const TASK_STATUSES = ['pending', 'completed'] as const;
const RESPONSE_TYPES = ['note', 'document', 'photo', 'task'] as const;

export const taskShape = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  agentResponse: z.string().nullable(),
  isReadByAgent: z.boolean(),
  respondedAt: z.string().nullable(),
  dueDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  lastRemindedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  assignedToId: z.uuid().nullable(),
  createdById: z.uuid().nullable(),
  assignedTo: personShape.nullable(),
});

/**
 * Both creation payloads of part 1 §7 in one schema (so a 400 names the field):
 * the detail screen's `{title, description, priority, assignedToId, createdById, listingId, status}`
 * and the coordinator screen's `{listingId, assignedTo, createdBy, title, description, priority, dueDate}`.
 */
const newTask = z
  .object({
    listingId: z.uuid(),
    title: z.string().trim().min(1, 'Task title is required').max(255),
    description: z.string().trim().max(10_000).nullish(),
    priority: z.enum(TASK_PRIORITIES).optional().describe('Default medium (the detail screen sends high).'),
    status: z.literal('pending').optional().describe('New tasks are pending.'),
    dueDate: z.iso.date().nullish(),
    assignedToId: z.uuid().optional().describe("The listing's agent (or `assignedTo`)."),
    assignedTo: z.uuid().optional().describe('Same as assignedToId (coordinator screen spelling).'),
    createdById: z.uuid().optional().describe('Ignored: the database records the caller.'),
    createdBy: z.uuid().optional().describe('Ignored: the database records the caller.'),
  })
  .strict()
  .superRefine((task, ctx) => {
    if (!task.assignedToId && !task.assignedTo) ctx.addIssue({ code: 'custom', path: ['assignedToId'], message: 'No agent assigned to create task for' });
    if (task.assignedToId && task.assignedTo && task.assignedToId !== task.assignedTo) {
      ctx.addIssue({ code: 'custom', path: ['assignedTo'], message: 'assignedTo and assignedToId differ' });
    }
  });

/** `{status}` from the coordinator's toggle, or `{agentResponse, status, completedAt}` from the agent's answer. */
const taskUpdate = z
  .object({
    status: z.enum(TASK_STATUSES).optional(),
    agentResponse: z.string().trim().min(1, 'A response is required').max(10_000).optional(),
    completedAt: z.string().max(64).nullish().describe('Ignored: the database stamps completion.'),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.agentResponse !== undefined, { path: ['status'], message: 'Send status, or agentResponse' });

const newResponse = z
  .object({
    listingId: z.uuid(),
    agentId: z.uuid({ error: 'No agent assigned to this listing' }),
    responseType: z.enum(RESPONSE_TYPES),
    content: z.string().trim().min(1, 'Response message is required').max(10_000),
    tcId: z.uuid().optional().describe('Ignored: the database records the caller.'),
  })
  .strict();

const responseShape = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  tcId: z.uuid().nullable(),
  agentId: z.uuid().nullable(),
  responseType: z.enum(RESPONSE_TYPES),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});

const byId = (params: { id: string }) => ({ task_id: params.id });

export const taskRoutes = [
  route<{ id: string }, PageQuery>({
    method: 'GET',
    path: '/listings/:id/tasks',
    tag: 'tasks',
    summary: "A listing's tasks the caller may see (agents: theirs; coordinators: all), newest first, with the assignee (paged).",
    params: idParam,
    query: pageQuery,
    response: z.array(taskShape),
    async handler({ caller, params, query }) {
      // One request: the listing (404 when hidden) with one page of its tasks embedded.
      return camelize(await fetchChildrenPage(caller.db, { parent: 'listings', id: params.id, embed: 'tasks', columns: TASK_COLUMNS, page: query, notFound: 'Listing not found', idDescending: false }));
    },
  }),
  route<{ id: string }, PageQuery>({
    method: 'GET',
    path: '/tasks/:id',
    tag: 'tasks',
    summary: 'The tasks assigned to one account (`{userId}` in the spec), newest first (paged); 404 when the caller may not see that account.',
    params: idParam,
    query: pageQuery,
    response: z.array(taskShape),
    async handler({ caller, params, query }) {
      const page = { parent: 'users', id: params.id, embed: 'tasks!tasks_assigned_to_id_fkey', columns: TASK_COLUMNS, page: query, notFound: 'User not found', idDescending: false };
      return camelize(await fetchChildrenPage(caller.db, page));
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof newTask>>({
    method: 'POST',
    path: '/tasks',
    tag: 'tasks',
    summary: "Creates a pending task for the listing's agent (the listing's coordinator). Accepts both payloads of part 1 §7; createdBy/createdById are ignored.",
    body: { json: newTask },
    status: 201,
    response: taskShape,
    async handler({ caller, body }) {
      const row = {
        listing_id: body.listingId,
        assigned_to_id: body.assignedToId ?? body.assignedTo,
        title: body.title,
        description: body.description || null,
        due_date: body.dueDate ?? null,
        status: 'pending',
        ...(body.priority ? { priority: body.priority } : {}),
      };
      return camelize(unwrap(await caller.db.from('tasks').insert(row).select(TASK_COLUMNS).single()));
    },
  }),
  route<{ id: string }, Record<string, never>, z.infer<typeof taskUpdate>>({
    method: 'PUT',
    path: '/tasks/:id',
    tag: 'tasks',
    summary:
      "The agent's answer `{agentResponse, status, completedAt}` (respond_to_task: completes the task unless status is pending; completedAt is stamped by the database) or the coordinator's toggle `{status}` (set_task_completed).",
    params: idParam,
    body: { json: taskUpdate },
    response: taskShape,
    async handler({ caller, params, body }) {
      const call =
        body.agentResponse !== undefined
          ? caller.db.rpc('respond_to_task', { ...byId(params), response: body.agentResponse, mark_completed: body.status !== 'pending' })
          : caller.db.rpc('set_task_completed', { ...byId(params), completed: body.status === 'completed' });
      return camelize(found(await call.select(TASK_COLUMNS).maybeSingle(), 'Task not found'));
    },
  }),
  route<{ id: string }>({
    method: 'PUT',
    path: '/tasks/:id/read',
    tag: 'tasks',
    summary: 'The assigned agent marks a task read (mark_task_read).',
    params: idParam,
    async handler({ caller, params }) {
      unwrap(await caller.db.rpc('mark_task_read', byId(params)));
    },
  }),
  route<{ id: string }>({
    method: 'PUT',
    path: '/tasks/:id/resend',
    tag: 'tasks',
    summary: 'The coordinator resends a responded, open task: unread again, the agent is notified (resend_task; 409 otherwise).',
    params: idParam,
    response: taskShape,
    async handler({ caller, params }) {
      return camelize(found(await caller.db.rpc('resend_task', byId(params)).select(TASK_COLUMNS).maybeSingle(), 'Task not found'));
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof newResponse>>({
    method: 'POST',
    path: '/tc-responses',
    tag: 'tasks',
    summary: "A coordinator's response to the listing's agent (note, document, photo or task); the agent is notified. tcId is ignored: the database records the caller.",
    body: { json: newResponse },
    status: 201,
    response: responseShape,
    async handler({ caller, body }) {
      const row = { listing_id: body.listingId, agent_id: body.agentId, response_type: body.responseType, content: body.content };
      return camelize(unwrap(await caller.db.from('tc_responses').insert(row).select('id, listing_id, tc_id, agent_id, response_type, content, is_read, created_at').single()));
    },
  }),
];
