-- The Outbox's tab counts (issue 55): how many of the caller's party messages
-- are in each status, in one request. A function because hosted PostgREST has
-- aggregates off (see public.listing_stats()).

-- Section - Functions

create function public.party_message_counts()
returns table (status text, n integer)
language plpgsql
stable
security invoker
set search_path = ''
rows 6
as $$
begin
  -- One statement per scope, so a coordinator's count reads the listing_tc_id
  -- index rather than every message the policy lets them see.
  if private.is_super_admin() then
    return query
      select s.status, (select count(*)::integer from public.party_messages m where m.status = s.status)
      from unnest(array['waiting', 'held', 'approved', 'sent', 'failed', 'skipped']) as s(status);
  else
    return query
      select s.status,
             (select count(*)::integer from public.party_messages m
              where m.listing_tc_id = private.current_account_id() and m.status = s.status)
      from unnest(array['waiting', 'held', 'approved', 'sent', 'failed', 'skipped']) as s(status);
  end if;
end;
$$;

comment on function public.party_message_counts() is
  'Counts of the caller''s Outbox by status as rows (status, n), one per status of party_messages (waiting, held, approved, sent, failed, skipped), zero included: a coordinator''s are the messages of listings whose listing_tc_id is their account, a super admin''s every message. Security invoker: the party_messages read policy applies on top. A function because hosted PostgREST has aggregates off.';

revoke execute on function public.party_message_counts() from public, anon;

grant execute on function public.party_message_counts() to authenticated, service_role;
