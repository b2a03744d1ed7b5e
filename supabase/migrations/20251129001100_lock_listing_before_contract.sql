-- ---------------------------------------------------------------------------
-- Recording a contract takes its listing's row lock first (issue 51 item 6).
-- Six simultaneous inserts for one listing (a double-clicked Save) answered
-- one 201 and five 500s: each insert share-locked the listing row on its way
-- in, then the winner's after-insert trigger had to update that row
-- (under_contract) while the others waited on the winner's contract in the
-- one-active-contract index: a deadlock (40P01). The before-insert trigger
-- now locks the listing row for update before anything else reads or writes
-- it, so concurrent recordings queue on that one lock in one order; the next
-- in line sees the active contract and gets the readable 409.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.lock_listing(listing_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  select null from public.listings l where l.id = lock_listing.listing_id for no key update
$$;

comment on function private.lock_listing(listing_id uuid) is
  'Takes a listing''s row lock for the rest of the transaction (for no key update, the lock its own status update takes), whoever may update it: writes that end by updating the listing take it first, so concurrent ones queue instead of deadlocking.';

revoke execute on function private.lock_listing(listing_id uuid) from public;

grant execute on function private.lock_listing(listing_id uuid) to authenticated, service_role;

-- Security invoker on purpose: current_user is the API role for direct
-- requests and the owner inside the contract functions and triggers.
create or replace function private.guard_contract()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('authenticated', 'anon');
  form_zone text;
begin
  select f.time_zone into form_zone from public.contract_forms f where f.key = new.form;
  if form_zone is null then
    raise exception 'unknown contract form "%"', new.form using errcode = '22023';
  end if;
  new.time_zone := coalesce(nullif(btrim(new.time_zone), ''), form_zone);
  if not private.valid_time_zone(new.time_zone) then
    raise exception 'time_zone must be an IANA time zone such as America/Chicago, got "%"', new.time_zone using errcode = '22023';
  end if;
  if tg_op = 'INSERT' then
    if api then
      perform private.check_contract_writer(new.listing_id);
      if new.status <> 'active' then
        raise exception 'a contract is recorded active; close or terminate it afterwards' using errcode = '42501';
      end if;
      new.termination_reason := null;
      new.closed_at := null;
      new.terminated_at := null;
    end if;
    -- The listing's lock before anything else of it: a second recording
    -- waits here until the first commits, then sees its contract below.
    perform private.lock_listing(new.listing_id);
    if new.status = 'active' and private.listing_has_active_contract(new.listing_id) then
      raise exception 'this listing already has an active contract' using errcode = 'PT409',
        hint = 'Close or terminate it before recording another.';
    end if;
  elsif api then
    if new.status is distinct from old.status or new.closed_at is distinct from old.closed_at
       or new.terminated_at is distinct from old.terminated_at
       or new.termination_reason is distinct from old.termination_reason then
      raise exception 'a contract''s status changes only through close_contract() or terminate_contract()' using errcode = '42501';
    end if;
    if old.status <> 'active' then
      raise exception 'the contract is not active' using errcode = 'PT409';
    end if;
  end if;
  return new;
end;
$$;

comment on function private.guard_contract() is
  'Trigger (before insert or update on contracts): unknown form or time zone 400; the time zone defaults to the form''s. API callers: only the listing''s people record contracts (403), always active; status, closed/terminated columns change only through close_contract() / terminate_contract() (403); an inactive contract is not amended (409). A recording first locks its listing row (private.lock_listing), so simultaneous ones queue; a second active contract on a listing: 409.';
