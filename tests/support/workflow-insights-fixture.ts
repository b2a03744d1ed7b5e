/**
 * A fixed workflow for AI Workflow Insights tests: a fresh coordinator with
 * two agents (Alex, Blair), one listing each, 19 tasks with chosen timestamps
 * (written with SQL as `postgres`, since API callers cannot set them) and one
 * extra workflow pattern. Times are relative to the moment of seeding.
 *
 * Alex: answers slowed from a median of 4 h (tasks assigned 40-50 days ago) to
 * 12 h (last 15 days); 3 tasks reminded 70 days ago, each answered 5 h after
 * its reminder; 4 recent tasks unanswered. Blair: 4 "Seller disclosure" tasks,
 * 3 completed 2, 3 and 4 days late; 5 of 6 tasks completed, answers within 8 h.
 * The expected statistics are worked out in tests/integration/ai-workflow-insights.test.ts.
 */
import { DEMO_PASSWORD, signedInUser, withDb, type TestUser } from './clients.ts';
import type { StackInfo } from './throwaway-stack.ts';

interface TaskSpec {
  agent: 'alex' | 'blair';
  title: string;
  createdDaysAgo: number;
  respondedAfterHours?: number;
  completedAfterHours?: number;
  dueAfterDays?: number;
  remindedAfterHours?: number;
}

const TASKS: TaskSpec[] = [
  // Alex, before: 2, 4, 6 h (median 4); recent: 10, 12, 20 h (median 12).
  { agent: 'alex', title: 'Listing agreement', createdDaysAgo: 50, respondedAfterHours: 2, completedAfterHours: 2 },
  { agent: 'alex', title: 'Listing agreement', createdDaysAgo: 45, respondedAfterHours: 4 },
  { agent: 'alex', title: 'Listing agreement', createdDaysAgo: 40, respondedAfterHours: 6 },
  { agent: 'alex', title: 'Listing agreement', createdDaysAgo: 15, respondedAfterHours: 10, completedAfterHours: 10 },
  { agent: 'alex', title: 'Listing agreement', createdDaysAgo: 10, respondedAfterHours: 12 },
  { agent: 'alex', title: 'Listing agreement', createdDaysAgo: 5, respondedAfterHours: 20 },
  // Reminded after 48 h, answered 5 h later (53 h after assignment), outside the 60-day windows.
  ...[0, 1, 2].map(() => ({ agent: 'alex' as const, title: 'HOA documents', createdDaysAgo: 70, remindedAfterHours: 48, respondedAfterHours: 53 })),
  ...[0, 1, 2, 3].map(() => ({ agent: 'alex' as const, title: 'Upload photos', createdDaysAgo: 3 })),
  // Blair: due 5 days after assignment; completed 7, 8, 9 days after (late 2, 3, 4) and 4 days after (on time).
  { agent: 'blair', title: 'Seller disclosure', createdDaysAgo: 20, respondedAfterHours: 2, dueAfterDays: 5, completedAfterHours: 7 * 24 },
  { agent: 'blair', title: ' Seller disclosure ', createdDaysAgo: 20, respondedAfterHours: 2, dueAfterDays: 5, completedAfterHours: 8 * 24 },
  { agent: 'blair', title: 'SELLER  DISCLOSURE', createdDaysAgo: 20, respondedAfterHours: 2, dueAfterDays: 5, completedAfterHours: 9 * 24 },
  { agent: 'blair', title: 'Seller disclosure', createdDaysAgo: 20, respondedAfterHours: 2, dueAfterDays: 5, completedAfterHours: 4 * 24 },
  { agent: 'blair', title: 'Inspection report', createdDaysAgo: 10, respondedAfterHours: 6, completedAfterHours: 6 },
  { agent: 'blair', title: 'Inspection report', createdDaysAgo: 10, respondedAfterHours: 8 },
];

export interface WorkflowFixture {
  coordinator: TestUser;
  alex: TestUser;
  blair: TestUser;
  /** Account ids (public.users.id). */
  coordinatorId: string;
  alexId: string;
  blairId: string;
}

async function accountId(authUserId: string, info: StackInfo): Promise<string> {
  return withDb(async (db) => (await db.query<{ id: string }>('select id from public.users where auth_user_id = $1', [authUserId])).rows[0].id, info);
}

export async function seedWorkflowFixture(info: StackInfo): Promise<WorkflowFixture> {
  // The demo password, so browser tests can sign them in like the seed's people.
  const person = () => signedInUser({ password: DEMO_PASSWORD }, info);
  const [coordinator, alex, blair] = await Promise.all([person(), person(), person()]);
  const [coordinatorId, alexId, blairId] = await Promise.all([coordinator, alex, blair].map((u) => accountId(u.id, info)));
  await withDb(async (db) => {
    await db.query(`update public.users set role = 'tc', first_name = 'Casey', last_name = 'Coordinator' where id = $1`, [coordinatorId]);
    await db.query(`update public.users set first_name = 'Alex', last_name = 'Agent', assigned_tc_id = $2 where id = $1`, [alexId, coordinatorId]);
    await db.query(`update public.users set first_name = 'Blair', last_name = 'Agent', assigned_tc_id = $2 where id = $1`, [blairId, coordinatorId]);
    const listings: Record<string, string> = {};
    for (const [name, agentId] of [['alex', alexId], ['blair', blairId]] as const) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.listings (address, agent_id, tc_id) values ($1, $2, $3) returning id`,
        [`${name === 'alex' ? '12' : '34'} Insight Way, Springfield`, agentId, coordinatorId],
      );
      listings[name] = rows[0].id;
    }
    for (const task of TASKS) {
      await db.query(
        `insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, status, agent_response, responded_at,
           completed_at, due_date, last_reminded_at, created_at, is_read_by_agent)
         select $1, $2, $3, $4, case when $7::float8 is null then 'pending' else 'completed' end,
           case when $6::float8 is null then null else 'Done.' end,
           c + make_interval(secs => $6::float8 * 3600), c + make_interval(secs => $7::float8 * 3600),
           (c at time zone 'UTC')::date + $8::int, c + make_interval(secs => $9::float8 * 3600), c, $6::float8 is not null
         from (select now() - make_interval(days => $5::int) as c) t`,
        [
          listings[task.agent],
          task.agent === 'alex' ? alexId : blairId,
          coordinatorId,
          task.title,
          task.createdDaysAgo,
          task.respondedAfterHours ?? null,
          task.completedAfterHours ?? null,
          task.dueAfterDays ?? null,
          task.remindedAfterHours ?? null,
        ],
      );
    }
    // The newest pattern: Blair's inspection report answered in 6 h (the insert trigger recorded only assignments).
    await db.query(
      `insert into public.ai_workflow_patterns (tc_id, agent_id, pattern_type, action_type, listing_id, metadata, "timestamp")
       values ($1, $2, 'task_response_time', 'task_responded', $3, '{"taskTitle": "Inspection report", "responseTimeHours": 6}', now() + interval '1 second')`,
      [coordinatorId, blairId, listings.blair],
    );
  }, info);
  return { coordinator, alex, blair, coordinatorId, alexId, blairId };
}
