-- /new-listing for coordinators: a tc creates a listing for one of their
-- assigned agents (the super admin for any agent, an agent for themselves).
-- Only the insert policy changes: the guard trigger still makes the new
-- listing start 'incomplete' and derives tc_id from the agent's coordinator.

-- ---------------------------------------------------------------------------
-- Helper: the rule, with a readable refusal. A policy that merely returned
-- false would give "new row violates row-level security policy"; raising here
-- gives the app a message it can show (still 42501, so PostgREST answers 403).
-- ---------------------------------------------------------------------------
create function private.check_listing_agent(agent_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if private.is_super_admin()
     or (private.current_role() = 'agent' and agent_id = private.current_account_id())
     or (private.current_role() = 'tc' and agent_id in (select private.coordinated_agent_ids())) then
    return true;
  end if;
  raise exception 'You can create listings only for yourself, or as a coordinator for your assigned agents'
    using errcode = '42501', hint = 'Choose one of your own agents.';
end;
$$;
comment on function private.check_listing_agent(uuid) is
  'Insert check of listings: true when the active account may create a listing for agent_id (super admin: any; agent: self; tc: their assigned agents), else raises 42501 with a message for the user. Runs once per inserted row.';
grant execute on function private.check_listing_agent(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------
drop policy "Agents can create their own listings and super admins any" on public.listings;

create policy "Agents can create their listings, coordinators their agents', super admins any"
on public.listings for insert to authenticated
with check (private.check_listing_agent(agent_id));

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.check_listing_agent(uuid) from public, anon;
