-- Admin console counts (spec part 2 §2 'Admin page'): the tab counts and the
-- System Stats cards come from one request. A function because hosted
-- PostgREST has aggregates off, and one round trip instead of six counts.

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.admin_stats()
returns table (
  total_users bigint,
  total_listings bigint,
  active_listings bigint,
  total_agents bigint,
  total_tcs bigint,
  total_invitations bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Security definer so the counts skip per-row policy checks (a super admin
  -- may read every row anyway); the role check below is the gate.
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  return query
  select
    (select count(*) from public.users),
    (select count(*) from public.listings),
    (select count(*) from public.listings l where l.status = 'live'),
    (select count(*) from public.users u where u.role = 'agent'),
    (select count(*) from public.users u where u.role = 'tc'),
    (select count(*) from public.invitations);
end;
$$;
comment on function public.admin_stats() is
  'Super admin: one row of counts for the admin console (accounts, listings, live listings as "active", agents, coordinators, invitations). 403 for others. Counts whole tables: index-only scans, fine at 100,000 listings.';

-- ---------------------------------------------------------------------------
-- Function privileges
-- ---------------------------------------------------------------------------
revoke execute on function public.admin_stats() from public, anon;
grant execute on function public.admin_stats() to authenticated;
