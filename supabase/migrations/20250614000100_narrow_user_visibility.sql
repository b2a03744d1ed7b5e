-- Agent profiles are for the agent's own coordinator and the super admin only.
-- Until now every tc could read every unassigned agent's whole account row
-- (licence, brokerage, MLS system and user name, phone) because the Agent
-- Assignments screen lists them. The users policy now covers own accounts, own
-- team, coordinators (team chat) and the super admin; the list of unassigned
-- agents comes from available_agents(), which returns only what the screen shows.

-- ---------------------------------------------------------------------------
-- Row-level security on public.users
-- ---------------------------------------------------------------------------
drop policy "Users can read their accounts, their team, and for tcs other tcs and unassigned agents" on public.users;

create policy "Users can read their accounts and team, tcs other tcs, super admins all"
on public.users for select to authenticated
using (
  (select private.is_super_admin())
  or auth_user_id = (select auth.uid())
  or id = (select private.current_team_id())
  or assigned_tc_id = (select private.current_team_id())
  or ((select private.current_role()) = 'tc' and role = 'tc')
);

-- ---------------------------------------------------------------------------
-- Available agents: name, e-mail and avatar of unassigned agents, for the
-- 'Available Agents' list. Security definer because the caller may not read
-- those rows; it returns no other column, and only to coordinators and super admins.
-- ---------------------------------------------------------------------------
create function public.available_agents()
returns table (id uuid, first_name text, last_name text, email text, profile_image_url text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.current_role() = 'tc' or private.is_super_admin()) then
    raise exception 'only coordinators and super admins list available agents' using errcode = '42501';
  end if;
  return query
    select u.id, u.first_name, u.last_name, u.email, u.profile_image_url, u.created_at
    from public.users u
    where u.role = 'agent' and u.assigned_tc_id is null
    order by u.first_name, u.last_name, u.id;
end;
$$;
comment on function public.available_agents() is
  'Unassigned agents (id, names, e-mail, avatar, created_at) for the Agent Assignments screen; coordinators and super admins only (others get 42501). PostgREST filters and orders its result like a table (rpc/available_agents?order=first_name).';

grant execute on function public.available_agents() to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function public.available_agents() from public, anon;
