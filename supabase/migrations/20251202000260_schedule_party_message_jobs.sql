-- ---------------------------------------------------------------------------
-- Scheduling of the party-message jobs with pg_cron (issue 55), as the
-- deadline jobs (20251127002400_schedule_deadline_jobs.sql): every 15 minutes
-- public.enqueue_party_messages() creates the key-date messages coming due,
-- and the party-messages Edge Function (called through pg_net with the
-- service role key kept in Vault, the same two secrets as the digest:
-- project_url and service_role_key) sends the approved ones. Where pg_cron is
-- not available (the local stack's embedded PostgreSQL) nothing is scheduled
-- and the stack's job timer (stack/jobs.ts) runs both.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- pg_net and Vault are reached with dynamic SQL, so this function exists (and
-- does nothing) where they are not installed. One function for every
-- scheduled Edge Function: the deadline digest's becomes a call of it.
create function private.invoke_scheduled_function(function_name text)
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
    raise notice '% not called: pg_net or Vault is not installed', function_name;
    return null;
  end if;
  execute $sql$select decrypted_secret from vault.decrypted_secrets where name = 'project_url'$sql$ into project_url;
  execute $sql$select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'$sql$ into service_key;
  if project_url is null or service_key is null then
    raise notice '% not called: store the Vault secrets project_url and service_role_key', function_name;
    return null;
  end if;
  execute $sql$select net.http_post(url := $1, headers := $2, body := '{}'::jsonb, timeout_milliseconds := 60000)$sql$
    into request_id
    using rtrim(project_url, '/') || '/functions/v1/' || function_name,
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
  return request_id;
end;
$$;

comment on function private.invoke_scheduled_function(function_name text) is
  'pg_cron jobs: asks a scheduler-only Edge Function (deadline-digest, party-messages) to do its run (POST, service role key from the Vault secret service_role_key, URL from project_url); returns pg_net''s request id, or null with a notice when pg_net, Vault or the secrets are missing.';

revoke execute on function private.invoke_scheduled_function(function_name text) from public;

grant execute on function private.invoke_scheduled_function(function_name text) to service_role;

create or replace function private.invoke_deadline_digest()
returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.invoke_scheduled_function('deadline-digest')
$$;

comment on function private.invoke_deadline_digest() is
  'pg_cron job: asks the deadline-digest Edge Function to send the digests that are due (private.invoke_scheduled_function()).';

-- ---------------------------------------------------------------------------
-- Section - Schedule
-- ---------------------------------------------------------------------------

do $schedule$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available here: the party-message jobs are not scheduled in the database (the local stack runs them on a timer)';
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    if exists (select 1 from pg_available_extensions where name = 'pg_net') then
      create extension if not exists pg_net with schema extensions;
    end if;
    -- cron.schedule() with a job name replaces the job of that name, so this is safe to run again.
    perform cron.schedule('party-messages-enqueue', '*/15 * * * *', 'select public.enqueue_party_messages()');
    perform cron.schedule('party-messages-send', '*/15 * * * *', $job$select private.invoke_scheduled_function('party-messages')$job$);
  exception when others then
    raise warning 'the party-message jobs could not be scheduled with pg_cron: %', sqlerrm;
  end;
end
$schedule$;
