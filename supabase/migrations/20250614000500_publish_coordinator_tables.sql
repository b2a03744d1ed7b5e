-- Realtime for the dashboards: coordinator responses (the agent's listing view)
-- and the activity log (the coordinator's Activity tab). Realtime applies each
-- subscriber's select policy: tc_responses reach the tc and agent involved,
-- activity the actor, their coordinator and the super admin.

do $$
declare
  t text;
begin
  foreach t in array array['tc_responses', 'activity_log'] loop
    if not exists (
      select 1 from pg_publication_tables p
      where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end;
$$;
