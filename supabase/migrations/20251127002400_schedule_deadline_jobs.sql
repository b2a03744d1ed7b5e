-- ---------------------------------------------------------------------------
-- Scheduling of the deadline jobs with pg_cron, every 15 minutes: the
-- reminders (public.send_deadline_reminders(), SQL) and the daily digest (the
-- deadline-digest Edge Function, called through pg_net with the service role
-- key kept in Vault). Hosted Supabase and the Supabase CLI's database ship
-- pg_cron and pg_net; where pg_cron is not available (the Docker-free local
-- stack's embedded PostgreSQL) this migration schedules nothing and the stack
-- runs the same two jobs on a timer (stack/jobs.ts).
--
-- After deploying, store the two Vault secrets the digest call needs (once per
-- project; README, "Deadline reminders and digest"):
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');
-- Until then the digest job logs a notice and does nothing.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- pg_net and Vault are reached with dynamic SQL, so this function exists (and
-- does nothing) where they are not installed.
create function private.invoke_deadline_digest()
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
  request_id bigint;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    raise notice 'deadline digest not sent: pg_net or Vault is not installed';
    return null;
  end if;
  execute $sql$select decrypted_secret from vault.decrypted_secrets where name = 'project_url'$sql$ into project_url;
  execute $sql$select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'$sql$ into service_key;
  if project_url is null or service_key is null then
    raise notice 'deadline digest not sent: store the Vault secrets project_url and service_role_key';
    return null;
  end if;
  execute $sql$select net.http_post(url := $1, headers := $2, body := '{}'::jsonb, timeout_milliseconds := 60000)$sql$
    into request_id
    using rtrim(project_url, '/') || '/functions/v1/deadline-digest',
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
  return request_id;
end;
$$;

comment on function private.invoke_deadline_digest() is
  'pg_cron job: asks the deadline-digest Edge Function (POST, service role key from the Vault secret service_role_key, URL from project_url) to send the digests that are due; returns pg_net''s request id, or null with a notice when pg_net, Vault or the secrets are missing.';

revoke execute on function private.invoke_deadline_digest() from public;

grant execute on function private.invoke_deadline_digest() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Schedule
-- ---------------------------------------------------------------------------

do $schedule$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available here: the deadline jobs are not scheduled in the database (the local stack runs them on a timer)';
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    if exists (select 1 from pg_available_extensions where name = 'pg_net') then
      create extension if not exists pg_net with schema extensions;
    end if;
    -- cron.schedule() with a job name replaces the job of that name, so this
    -- is safe to run again.
    perform cron.schedule('deadline-reminders', '*/15 * * * *', 'select public.send_deadline_reminders()');
    perform cron.schedule('deadline-digest', '*/15 * * * *', 'select private.invoke_deadline_digest()');
  exception when others then
    -- A database whose pg_cron is installed but not loaded (shared_preload_libraries)
    -- keeps its migrations going; the jobs can be scheduled by hand later.
    raise warning 'the deadline jobs could not be scheduled with pg_cron: %', sqlerrm;
  end;
end
$schedule$;
