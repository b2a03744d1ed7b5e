-- ---------------------------------------------------------------------------
-- Moving a listing back is never gated, and does not move "went live"
-- (issue 51 item 0). Terminating a contract moves its listing from
-- under_contract back to live; the gate ran on every move to live and
-- refused the termination (409) whenever a listing document was not yet
-- approved, so a deal that fell through could not be recorded. The gate now
-- holds only moves to a later compliance stage (incomplete/ready → live →
-- under_contract → closed); a move to an earlier stage passes, as
-- docs/data-model.md always said. Returning to live from under_contract or
-- closed also kept resetting live_at, which moved every due date anchored on
-- the day the listing went live: live_at is now stamped only when a listing
-- goes live from before that stage.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.gate_listing_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  missing text;
begin
  if current_setting('listingdesk.compliance_override', true) is not distinct from new.id::text then
    return new;
  end if;
  -- Back to an earlier stage (a terminated contract: under_contract → live;
  -- closed → under_contract): nothing to check.
  if coalesce(private.stage_rank(old.status), 0) >= private.stage_rank(new.status) then
    return new;
  end if;
  missing := private.missing_for_status(new.id, new.status);
  if missing is not null then
    raise exception 'cannot move to %: missing or not approved: %', private.listing_status_label(new.status), missing
      using errcode = 'PT409', hint = 'Upload the documents and have them approved, or ask a super admin to override.';
  end if;
  return new;
end;
$$;

comment on function private.gate_listing_status() is
  'Trigger (before update of status on listings, to live, under_contract or closed): a move to a later stage is a 409 "cannot move to <Status>: missing or not approved: <label> (<state>), …" while a document required for that stage or an earlier one is missing or not approved; a move back to an earlier stage (terminating a contract) is never gated; override_listing_status() passes.';

create or replace function private.stamp_listing_live()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'live' and (tg_op = 'INSERT' or old.status is distinct from 'live')
     and (tg_op = 'INSERT' or old.status not in ('under_contract', 'closed') or old.live_at is null) then
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
  'Trigger (before insert or update on listings): live_at becomes now() when the listing goes live from incomplete or ready (or first reaches live); returning to live from under_contract or closed (a terminated contract) keeps it. Clients never write it.';
