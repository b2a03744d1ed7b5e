-- Retention without a scheduler: discarded mail and unclaimed mail (for a
-- listing that does not exist) is deleted 30 days after it was received. The
-- inbound-email function calls purge_inbound_emails() opportunistically on
-- each delivery and removes the returned raw messages from Storage; a
-- project with pg_cron may schedule the same call instead.

create function public.purge_inbound_emails(older_than interval default interval '30 days')
returns setof text
language sql
security definer
set search_path = ''
as $$
  delete from public.inbound_emails e
  where e.received_at < now() - older_than
    and (e.status = 'discarded' or e.listing_id is null)
  returning e.raw_path
$$;
comment on function public.purge_inbound_emails(interval) is
  'Service role: deletes discarded and unclaimed mail received more than older_than (30 days) ago; returns the raw message paths (bucket inbound-email) to remove from Storage. Uses inbound_emails_received_at_idx.';

-- ---------------------------------------------------------------------------
-- Function privileges: the service role only
-- ---------------------------------------------------------------------------
revoke execute on function public.purge_inbound_emails(interval) from public, anon, authenticated;
grant execute on function public.purge_inbound_emails(interval) to service_role;
