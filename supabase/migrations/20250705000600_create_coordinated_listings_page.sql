-- ---------------------------------------------------------------------------
-- GET /api/listings without agentId, for a coordinator: a page of every
-- listing they coordinate, newest first (issue: Scale). Through RLS alone the
-- planner walked all listings by date until a page of the coordinator's
-- turned up (10,000 rows for one page at 100,000 listings). Here each way a
-- listing is coordinated (tc_id, an assigned agent's) reads its own index in
-- date order, at most one page deep, and the pages are merged.
-- ---------------------------------------------------------------------------

create index listings_tc_id_created_at_idx on public.listings (tc_id, created_at desc, id);

create function public.coordinated_listings(page_limit integer default 100, page_offset integer default 0, status text default null)
returns setof public.listings
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  depth integer := page_limit + page_offset;
  me uuid := private.current_account_id();
  agents uuid[];
begin
  if page_limit not between 1 and 500 or page_offset < 0 then
    raise exception 'page_limit must be 1-500 and page_offset at least 0' using errcode = '22023';
  end if;
  if private.current_role() is distinct from 'tc' then
    raise exception 'only coordinators have coordinated listings' using errcode = '42501';
  end if;
  agents := array(select private.coordinated_agent_ids());
  return query
    select c.* from (
      (select l.* from public.listings l
        where l.tc_id = me and (coordinated_listings.status is null or l.status = coordinated_listings.status)
        order by l.created_at desc, l.id limit depth)
      union
      -- Each agent's newest on (agent_id, created_at): a page per agent at most.
      (select a.* from unnest(agents) agent(id)
        cross join lateral (
          select l.* from public.listings l
          where l.agent_id = agent.id and (coordinated_listings.status is null or l.status = coordinated_listings.status)
          order by l.created_at desc, l.id limit depth) a)
    ) c
    order by c.created_at desc, c.id
    limit page_limit offset page_offset;
end;
$$;
comment on function public.coordinated_listings(integer, integer, text) is
  'A page of the listings the calling coordinator coordinates (tc_id, or an assigned agent''s), newest first, optionally of one status; each source read on its own index at most one page deep. Security invoker (RLS applies); 403 for other roles, 400 for a bad page.';

revoke execute on function public.coordinated_listings(integer, integer, text) from public, anon;
grant execute on function public.coordinated_listings(integer, integer, text) to authenticated, service_role;
