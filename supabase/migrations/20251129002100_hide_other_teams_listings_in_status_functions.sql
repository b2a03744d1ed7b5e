-- ---------------------------------------------------------------------------
-- No existence leak in the status functions (issue 51, item 10).
-- set_listing_status() and override_listing_status() answered 404 "listing
-- not found" for an unknown id but 403 for another team's listing, so anyone
-- signed in could tell which listing ids exist. A listing the caller cannot
-- read (the listings select rule: its agent, its coordinator, a super admin)
-- now answers exactly as an unknown one (404 "listing not found"); the 403
-- stays for those who can read it but lack the right (the listing's agent
-- setting a status; its agent or coordinator overriding the gate).
-- apply_checklist_template() already answered this way (checked by
-- tests/integration/document-review-hardening.test.ts), so it is unchanged.
-- Functions replaced whole (override_listing_status() from
-- 20251129002000_trim_required_reasons.sql).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function public.set_listing_status(listing_id uuid, new_status text)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  listing public.listings;
begin
  if not private.listing_exists(listing_id)
     or (not private.is_super_admin() and private.listing_relation(listing_id, context[1]::uuid, context[2]) is null) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or listing_id in (select private.coordinated_listing_ids())) then
    raise exception 'only the listing''s coordinator changes its status' using errcode = '42501';
  end if;
  if new_status is null or new_status not in ('incomplete', 'ready', 'live', 'under_contract', 'closed') then
    raise exception 'status must be incomplete, ready, live, under_contract or closed' using errcode = '22023';
  end if;
  update public.listings l set status = new_status where l.id = listing_id returning * into listing;
  return listing;
end;
$$;

comment on function public.set_listing_status(listing_id uuid, new_status text) is
  'Coordinator (or super admin) sets a listing''s status to incomplete, ready, live, under_contract or closed. 404 unknown listing or one the caller cannot read (same answer), 403 the listing''s agent ("only the listing''s coordinator changes its status"), 400 unknown status.';

create or replace function public.override_listing_status(listing_id uuid, new_status text, reason text)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  listing public.listings;
  missing text;
  trimmed text := private.trim_text(reason);
begin
  if not private.listing_exists(override_listing_status.listing_id)
     or (not private.is_super_admin()
         and private.listing_relation(override_listing_status.listing_id, context[1]::uuid, context[2]) is null) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not private.is_super_admin() then
    raise exception 'only a super admin overrides the compliance gate' using errcode = '42501';
  end if;
  if trimmed is null then
    raise exception 'a reason is required to override the compliance gate' using errcode = '22023';
  end if;
  if new_status is null or new_status not in ('incomplete', 'ready', 'live', 'under_contract', 'closed') then
    raise exception 'status must be incomplete, ready, live, under_contract or closed' using errcode = '22023';
  end if;
  select l.* into listing from public.listings l where l.id = override_listing_status.listing_id for update;
  missing := private.missing_for_status(listing.id, new_status);
  perform set_config('listingdesk.compliance_override', listing.id::text, true);
  update public.listings l set status = new_status where l.id = listing.id returning l.* into listing;
  perform set_config('listingdesk.compliance_override', '', true);
  perform private.log_activity(private.current_account_id(), listing.id, 'compliance_override',
    'Moved to ' || private.listing_status_label(new_status) || ' past the compliance gate: ' || left(trimmed, 500),
    jsonb_build_object('status', new_status, 'reason', left(trimmed, 1000), 'missing', missing));
  return listing;
end;
$$;

comment on function public.override_listing_status(listing_id uuid, new_status text, reason text) is
  'Super admin: sets a listing''s status past the compliance gate, with a reason (stored trimmed by private.trim_text()); logs compliance_override with the reason and what was missing. 404 unknown listing or one the caller cannot read (same answer), 403 the listing''s agent or coordinator ("only a super admin overrides the compliance gate"), 400 without a reason (whitespace of any kind is none) or with an unknown status.';
