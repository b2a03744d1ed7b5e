-- ---------------------------------------------------------------------------
-- "Went live" by the order of listing_statuses (issue 52). live_at is stamped
-- when a listing goes live from before that stage, and kept when it comes
-- back to live from a later one (a terminated contract). The later statuses
-- were a list in the trigger (under_contract, closed); they are now the
-- statuses positioned after live, so a status added after live keeps live_at
-- as well without a rewrite. private.stamp_listing_live() is replaced whole
-- (from 20251129001000_ungate_moving_back.sql); same behaviour for today's
-- statuses.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.stamp_listing_live()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'live' and (tg_op = 'INSERT' or old.status is distinct from 'live')
     and (tg_op = 'INSERT' or old.live_at is null
          or coalesce((select o.position from public.listing_statuses o where o.key = old.status)
                      < (select v.position from public.listing_statuses v where v.key = 'live'), true)) then
    new.live_at := now();
  elsif tg_op = 'UPDATE' then
    new.live_at := old.live_at;
  elsif current_user in ('authenticated', 'anon') then
    new.live_at := null;
  end if;
  return new;
end;
$$;

comment on function private.stamp_listing_live() is
  'Trigger (before insert or update of status, live_at on listings): live_at becomes now() when the listing goes live from a status before live in public.listing_statuses (incomplete, ready) or first reaches live; returning to live from a later one (under_contract, closed: a terminated contract) keeps it. Clients never write it.';
