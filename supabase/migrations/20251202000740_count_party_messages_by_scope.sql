-- ---------------------------------------------------------------------------
-- The Outbox's tab counts were 0.58 of the service role's speed under RLS
-- (party-outbox bench, 100,000 listings / 500,000 messages: 9.8 against
-- 3.3 ms of database CPU per call): as security invoker each count ran the
-- read policy on every message of the coordinator, heap included, where the
-- service role counts from the index. The function now runs as its owner and
-- counts exactly the rows its scope names, which the read policy lets the
-- caller select: a super admin every message; acting as tc, the messages of
-- listings whose coordinator (listing_tc_id) is the caller; anyone else none
-- (a demoted coordinator's old listings are not theirs to count). Measured
-- with the bench's --setup-sql: 3.6 against 3.9 ms. Replaced whole, same
-- signature and answers.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function public.party_message_counts()
returns table (status text, n integer)
language plpgsql
stable
security definer
set search_path = ''
rows 6
as $$
declare
  coordinator uuid := private.acting_tc_id();
  everyone boolean := private.is_super_admin();
begin
  return query
    select s.status,
      case
        when everyone then (select count(*)::integer from public.party_messages m where m.status = s.status)
        when coordinator is not null then (select count(*)::integer from public.party_messages m
          where m.listing_tc_id = coordinator and m.status = s.status)
        else 0
      end
    from unnest(array['waiting', 'held', 'approved', 'sent', 'failed', 'skipped']) as s(status);
end;
$$;

comment on function public.party_message_counts() is
  'Counts of the caller''s Outbox by status as rows (status, n), one per status of party_messages (waiting, held, approved, sent, failed, skipped), zero included: a super admin''s every message, a coordinator''s (acting as tc) the messages of listings whose listing_tc_id is their account, anyone else''s none. Security definer: it counts only rows the read policy lets the caller select, from the index, without running the policy per row. A function because hosted PostgREST has aggregates off.';
