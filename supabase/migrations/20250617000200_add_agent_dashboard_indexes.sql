-- Indexes matching the agent dashboard's filters and orders (spec part 2 §2):
-- an agent's listings newest first (Recent Listings, the paged All Listings
-- view, listing_stats), and the tasks an assignee has not read yet (the
-- 'New Task(s) Assigned' banner and the per-listing 'N new task(s)' badges).

-- ---------------------------------------------------------------------------
-- Listings: agent_id = ? order by created_at desc, id (keyset-friendly, and
-- ranges stop after the page). It covers every lookup by agent_id alone, so
-- the single-column index is dropped.
-- ---------------------------------------------------------------------------
create index listings_agent_id_created_at_idx on public.listings (agent_id, created_at desc, id);
comment on index public.listings_agent_id_created_at_idx is
  'An agent''s listings newest first (dashboard lists, paging, listing_stats); also serves agent_id lookups (RLS, on delete set null).';

drop index public.listings_agent_id_idx;

-- ---------------------------------------------------------------------------
-- Tasks: unread tasks of an assignee, per listing. Partial, so it holds only
-- the (few) unread tasks and stays small however many tasks were answered.
-- ---------------------------------------------------------------------------
create index tasks_unread_by_assignee_idx on public.tasks (assigned_to_id, listing_id) where not is_read_by_agent;
comment on index public.tasks_unread_by_assignee_idx is
  'Tasks an agent has not read yet: the new-task banner count (assigned_to_id) and the per-listing badge counts (assigned_to_id, listing_id).';
