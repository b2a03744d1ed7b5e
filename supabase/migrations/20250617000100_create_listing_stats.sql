-- The agent dashboard's stat cards (Total Listings, Incomplete, Ready, Under
-- Contract; spec part 2 §2, §3 "Listing stats") in one request.
--
-- Why a function and not `listings?select=status,count()`: hosted PostgREST
-- runs with aggregates off (`db-aggregates-enabled = false`, the default), so
-- a client cannot group or count by status through /rest/v1; fetching every
-- row to count it in the browser would not scale (an agent may have hundreds).
-- The function is security invoker, so the RLS of public.listings decides
-- which rows are counted, exactly as for the list it summarises.

-- ---------------------------------------------------------------------------
-- Helper: does an account exist (ignoring RLS), so refusals can tell
-- "unknown id" (404) from "not yours" (403).
-- ---------------------------------------------------------------------------
create function private.account_exists(account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.users u where u.id = account_id)
$$;
comment on function private.account_exists(uuid) is 'True when an account (public.users row) with this id exists; for error statuses of functions.';
grant execute on function private.account_exists(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.listing_stats(agent_id uuid default null)
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer)
language plpgsql
stable
security invoker
set search_path = ''
rows 1
as $$
begin
  -- Asking about someone else's listings is refused rather than answered with
  -- zeros: the caller must be that agent, their coordinator or a super admin.
  if listing_stats.agent_id is not null
     and listing_stats.agent_id is distinct from private.current_account_id()
     and not private.is_super_admin()
     and listing_stats.agent_id not in (select private.coordinated_agent_ids()) then
    if not private.account_exists(listing_stats.agent_id) then
      raise exception 'agent not found' using errcode = 'PT404';
    end if;
    raise exception 'only the agent, their coordinator or a super admin may see these listing counts' using errcode = '42501';
  end if;
  return query
    select
      count(*)::integer,
      (count(*) filter (where l.status = 'incomplete'))::integer,
      (count(*) filter (where l.status = 'ready'))::integer,
      (count(*) filter (where l.status = 'live'))::integer,
      (count(*) filter (where l.status = 'under_contract'))::integer
    from public.listings l
    where listing_stats.agent_id is null or l.agent_id = listing_stats.agent_id;
end;
$$;
comment on function public.listing_stats(uuid) is
  'Counts of listings by status (total, incomplete, ready, live, under_contract) as one row: of one agent (agent_id: the caller, their coordinator or a super admin; else 403, unknown id 404), or of every listing the caller may read (null). Security invoker: listings RLS decides what is counted. A function because hosted PostgREST has aggregates off. Uses listings_agent_id_created_at_idx for one agent.';

grant execute on function public.listing_stats(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.account_exists(uuid),
  public.listing_stats(uuid)
from public, anon;
