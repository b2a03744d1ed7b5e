-- Live channel lists in the team chat: membership rows go through Realtime, so
-- an invited coordinator sees the new channel (and members the new member
-- count) without reloading. Realtime applies the members' select policy.

do $$
begin
  if not exists (
    select 1 from pg_publication_tables p
    where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = 'tc_channel_members'
  ) then
    alter publication supabase_realtime add table public.tc_channel_members;
  end if;
end;
$$;
