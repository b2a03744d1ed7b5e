-- ---------------------------------------------------------------------------
-- One function changes a listing's status, and it holds every rule (issue
-- 52). private.change_listing_status() (replaced whole from
-- 20251130000300_create_change_listing_status.sql) checks the status against
-- public.listing_statuses, refuses a status that contradicts the contract,
-- runs the compliance gate, writes the one status_changed event, notifies the
-- agent and the coordinator, and for a person's change calls
-- private.listing_changed() once at its end. Before, the rules were spread
-- over set_listing_status(), override_listing_status(), a gate trigger and a
-- notification trigger whose order followed trigger names, and a coordinator
-- could set under_contract without a contract or closed without closing one.
--
-- The contract's rule binds the coordinator and the super admin's override
-- alike: under_contract comes from recording a contract, closed from closing
-- it, and while a contract is active the listing stays under contract until
-- the contract is closed or terminated (409 naming the Contract tab). The
-- override skips only the compliance gate. The contract functions (cause
-- contract) are bound by the gate, not by this rule: they are the contract.
--
-- The gate trigger (listings_gate_status, private.gate_listing_status()) and
-- the status notification trigger (listings_notify_status,
-- private.notify_listing_status()) are dropped: the function does both.
-- guard_listing_columns() (replaced whole from
-- 20250801000400_create_listings.sql) now keeps every API caller, super
-- admins included, from writing status directly, since without the gate
-- trigger a direct write would skip the gate and the event.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

drop trigger listings_gate_status on public.listings;

drop trigger listings_notify_status on public.listings;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

drop function private.gate_listing_status();

drop function private.notify_listing_status();

create or replace function private.change_listing_status(listing_id uuid, new_status text, cause text, reason text default null)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  previous text;
  target public.listing_statuses;
  from_position integer;
  missing text;
  active_contract boolean;
  why text := private.trim_text(reason);
  recipient uuid;
begin
  if cause is null or cause not in ('manual', 'contract', 'override') then
    raise exception 'cause must be manual, contract or override' using errcode = '22023';
  end if;
  select s.* into target from public.listing_statuses s where s.key = change_listing_status.new_status;
  if target.key is null then
    raise exception 'status must be %', private.listing_status_words() using errcode = '22023';
  end if;
  if cause = 'override' and why is null then
    raise exception 'a reason is required to override the compliance gate' using errcode = '22023';
  end if;
  select l.* into listing from public.listings l where l.id = change_listing_status.listing_id for update;
  if listing.id is null then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  previous := listing.status;
  if previous = target.key then
    return listing;
  end if;

  -- The contract decides under_contract and closed; a person does not
  -- contradict it (the contract functions, cause contract, are the contract).
  if cause <> 'contract' then
    active_contract := private.listing_has_active_contract(listing.id, null);
    if target.key = 'closed' then
      raise exception 'a listing closes when its contract closes: close the contract on the Contract tab' using errcode = 'PT409',
        hint = 'Close the active contract on the Contract tab; the listing moves to Closed with it.';
    elsif target.key = 'under_contract' and not active_contract then
      raise exception 'a listing goes under contract when its contract is recorded: record the contract on the Contract tab' using errcode = 'PT409',
        hint = 'Record the contract on the Contract tab; the listing moves to Under Contract with it.';
    elsif active_contract and target.key <> 'under_contract' then
      raise exception 'this listing has an active contract: close or terminate the contract on the Contract tab' using errcode = 'PT409',
        hint = 'Terminating the contract moves the listing back to Live; closing it moves the listing to Closed.';
    end if;
  end if;

  -- The compliance gate: a move forward to a stage needs the approved
  -- documents of every stage up to it; a move back is never gated.
  select s.position into from_position from public.listing_statuses s where s.key = previous;
  if target.is_stage and target.position > coalesce(from_position, 0) then
    missing := private.missing_for_status(listing.id, target.key);
    if missing is not null and cause <> 'override' then
      raise exception 'cannot move to %: missing or not approved: %', target.label, missing
        using errcode = 'PT409', hint = 'Upload the documents and have them approved, or ask a super admin to override.';
    end if;
  end if;

  update public.listings l set status = target.key where l.id = listing.id returning l.* into listing;
  perform private.record_listing_event(listing.id, 'status_changed', previous, target.key, why,
    jsonb_build_object('cause', cause));
  if cause = 'override' then
    perform private.log_activity(private.current_account_id(), listing.id, 'compliance_override',
      'Moved to ' || target.label || ' past the compliance gate: ' || left(why, 500),
      jsonb_build_object('status', target.key, 'reason', left(why, 1000), 'missing', missing));
  end if;
  -- The agent and the coordinator are told (private.notify() skips the actor).
  for recipient in select distinct p.id from (values (listing.agent_id), (listing.tc_id)) as p(id) where p.id is not null loop
    perform private.notify(recipient, 'alert', 'Listing status: ' || target.label, listing.address || ' is now ' || target.label || '.',
      'listing', listing.id, private.listing_url(listing.id, recipient));
  end loop;
  -- A contract's change calls listing_changed() once at its own end.
  if cause <> 'contract' then
    perform private.listing_changed(listing.id);
    select l.* into listing from public.listings l where l.id = listing.id;
  end if;
  return listing;
end;
$$;

comment on function private.change_listing_status(listing_id uuid, new_status text, cause text, reason text) is
  'The one place a listing''s status changes. In order: the status must be a key of public.listing_statuses (400); the listing is locked; cause manual (the coordinator) or override (a super admin) may not contradict the contract (409: closed only by closing the contract, under_contract only with an active contract, nothing else while one is active — the Contract tab records, closes or terminates it); a move forward to a stage is held by the compliance gate (409 naming what is missing) except for override, which needs a reason and logs compliance_override; a move back is never gated. Then it updates the listing, writes one status_changed event (from, to, actor, reason, detail.cause), notifies the agent and coordinator (not the actor), and for manual and override calls private.listing_changed() once at its end (cause contract: the contract''s function does). No change when the status is the same. Callers check who may.';

create or replace function public.set_listing_status(listing_id uuid, new_status text)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  if not private.listing_exists(listing_id)
     or (not private.is_super_admin() and private.listing_relation(listing_id, context[1]::uuid, context[2]) is null) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or listing_id in (select private.coordinated_listing_ids())) then
    raise exception 'only the listing''s coordinator changes its status' using errcode = '42501';
  end if;
  return private.change_listing_status(set_listing_status.listing_id, set_listing_status.new_status, 'manual');
end;
$$;

comment on function public.set_listing_status(listing_id uuid, new_status text) is
  'Coordinator (or super admin) sets a listing''s status, a key of public.listing_statuses, through private.change_listing_status() (cause manual: the contract''s rule and the compliance gate apply). 404 unknown listing or one the caller cannot read (same answer), 403 the listing''s agent ("only the listing''s coordinator changes its status"), 400 unknown status, 409 a status the contract or the gate refuses.';

create or replace function public.override_listing_status(listing_id uuid, new_status text, reason text)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  if not private.listing_exists(override_listing_status.listing_id)
     or (not private.is_super_admin()
         and private.listing_relation(override_listing_status.listing_id, context[1]::uuid, context[2]) is null) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not private.is_super_admin() then
    raise exception 'only a super admin overrides the compliance gate' using errcode = '42501';
  end if;
  if private.trim_text(reason) is null then
    raise exception 'a reason is required to override the compliance gate' using errcode = '22023';
  end if;
  return private.change_listing_status(override_listing_status.listing_id, override_listing_status.new_status, 'override',
    override_listing_status.reason);
end;
$$;

comment on function public.override_listing_status(listing_id uuid, new_status text, reason text) is
  'Super admin: sets a listing''s status past the compliance gate, with a reason (stored trimmed by private.trim_text()), through private.change_listing_status() (cause override: the contract''s rule still applies; the status_changed event carries the reason and compliance_override is logged with what was missing). 404 unknown listing or one the caller cannot read (same answer), 403 the listing''s agent or coordinator ("only a super admin overrides the compliance gate"), 400 without a reason (whitespace of any kind is none) or with an unknown status, 409 a status the contract refuses.';

create or replace function private.guard_listing_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and (current_user in ('authenticated', 'anon') or new.tc_id is null) then
    new.tc_id := private.assigned_tc_of(new.agent_id);
  end if;
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  -- Status only through the functions (the gate, the contract's rule and the
  -- event live in private.change_listing_status()), super admins included.
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    raise exception 'status changes only through set_listing_status() or override_listing_status()' using errcode = '42501';
  end if;
  if private.is_super_admin() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'incomplete' then
      raise exception 'a new listing starts incomplete; the coordinator changes status' using errcode = '42501';
    end if;
  elsif new.agent_id is distinct from old.agent_id or new.tc_id is distinct from old.tc_id then
    raise exception 'status, agent_id and tc_id change only through functions' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.guard_listing_columns() is
  'Trigger: a listing created through the API takes the agent''s coordinator as tc_id; no API caller (super admins included) writes status directly (it changes through private.change_listing_status()); API callers other than super admins cannot set agent_id or tc_id.';
