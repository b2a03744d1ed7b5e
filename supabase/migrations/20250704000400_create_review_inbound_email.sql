-- The review inbox: mail from strangers waits as pending_review until someone
-- working on the listing (its agent, its coordinator) or a super admin accepts
-- or discards it. Discarding is final here. Accepting claims the mail
-- (status received, reviewer stamped) and returns it; the inbound-email
-- function then files it with public.file_inbound_email(), the same path as
-- mail from people on the listing, attributed to the reviewer.

-- ---------------------------------------------------------------------------
-- Helper
-- ---------------------------------------------------------------------------
create function private.review_inbound_email(email_id uuid, decision text)
returns public.inbound_emails
language plpgsql
security definer
set search_path = ''
as $$
declare
  mail public.inbound_emails;
begin
  select * into mail from public.inbound_emails e
  where e.id = email_id
    and e.listing_id is not null
    and (private.is_super_admin() or e.listing_id in (select private.accessible_listing_ids()))
  for update;
  if not found then
    raise exception 'mail not found' using errcode = 'P0002';
  end if;
  if mail.status <> 'pending_review' then
    raise exception 'this mail was already %', case mail.status when 'discarded' then 'discarded' else 'filed' end using errcode = 'PT409';
  end if;
  update public.inbound_emails e
  set status = decision, reviewed_by = private.current_account_id(), reviewed_at = now()
  where e.id = mail.id
  returning * into mail;
  return mail;
end;
$$;
comment on function private.review_inbound_email(uuid, text) is
  'Moves pending mail the caller may review (the listing''s agent or coordinator, a super admin) to decision (received = accepted, or discarded), stamping the reviewer; 404 when it does not exist or is on a listing the caller does not work on, 409 when already handled.';

-- ---------------------------------------------------------------------------
-- Review functions
-- ---------------------------------------------------------------------------
create function public.accept_inbound_email(email_id uuid)
returns public.inbound_emails
language sql
security definer
set search_path = ''
as $$
  select * from private.review_inbound_email(email_id, 'received')
$$;
comment on function public.accept_inbound_email(uuid) is
  'A reviewer (the listing''s agent or coordinator, a super admin) accepts pending mail: it becomes received with the reviewer stamped, ready for the inbound-email function to file it as the reviewer. Called by that function with the reviewer''s token.';

create function public.discard_inbound_email(email_id uuid)
returns public.inbound_emails
language sql
security definer
set search_path = ''
as $$
  select * from private.review_inbound_email(email_id, 'discarded')
$$;
comment on function public.discard_inbound_email(uuid) is
  'A reviewer discards pending mail: it is never filed and is deleted with its raw message after 30 days (purge_inbound_emails).';

create function public.reopen_inbound_email(email_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.inbound_emails e set status = 'pending_review', reviewed_by = null, reviewed_at = null
  where e.id = email_id and e.status = 'received' and e.raw_path is not null
$$;
comment on function public.reopen_inbound_email(uuid) is
  'Service role: puts accepted mail back into the review inbox when filing it failed, so nothing is lost.';

-- ---------------------------------------------------------------------------
-- Function privileges
-- ---------------------------------------------------------------------------
revoke execute on function
  private.review_inbound_email(uuid, text),
  public.accept_inbound_email(uuid),
  public.discard_inbound_email(uuid),
  public.reopen_inbound_email(uuid)
from public, anon, authenticated;
grant execute on function public.accept_inbound_email(uuid), public.discard_inbound_email(uuid) to authenticated;
grant execute on function public.reopen_inbound_email(uuid) to service_role;
