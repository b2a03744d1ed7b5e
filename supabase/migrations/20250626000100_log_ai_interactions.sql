-- Every AI call is logged in ai_interactions by the Edge Functions, and the
-- same log enforces each person's rate limit. So the log is written only on
-- the server: callers may read their own entries (super admins all of them)
-- but no longer insert, rewrite or delete them — deleting one's log would
-- reset one's rate limit.
--
-- An entry is opened before the model is called (begin_ai_interaction: who,
-- what kind, how much input, which model; refused when over the limit) and
-- closed when the call ends (finish_ai_interaction: output size, latency,
-- outcome). No secrets are stored: input and output hold at most the first
-- 1,000 characters of the caller's own request and of the answer.

-- ---------------------------------------------------------------------------
-- What is logged
-- ---------------------------------------------------------------------------
alter table public.ai_interactions
  add column model text check (char_length(model) <= 100),
  add column input_chars integer not null default 0 check (input_chars >= 0),
  add column output_chars integer check (output_chars >= 0),
  add column latency_ms integer check (latency_ms >= 0),
  add column status text not null default 'started' check (status in ('started', 'ok', 'error')),
  add column error_code text check (char_length(error_code) <= 50),
  add column finished_at timestamptz;

comment on column public.ai_interactions.type is
  'Kind of AI call: chat, listing_descriptions, workflow_insights or smart_reminders (up to 50 characters).';
comment on column public.ai_interactions.input is 'The start of the caller''s own request (at most 1,000 characters; never keys or tokens).';
comment on column public.ai_interactions.output is 'The start of the answer (at most 1,000 characters); null until the call ends or when it failed.';
comment on column public.ai_interactions.model is 'Model the call used (the functions'' OPENAI_MODEL).';
comment on column public.ai_interactions.input_chars is 'Size of everything sent to the model, in characters (prompt, history and tool results).';
comment on column public.ai_interactions.output_chars is 'Size of what the model answered, in characters; null until the call ends.';
comment on column public.ai_interactions.latency_ms is 'Milliseconds from the start of the call to its end; null until then.';
comment on column public.ai_interactions.status is 'started while the call runs, then ok or error.';
comment on column public.ai_interactions.error_code is 'Why the call failed (for example ai_provider_auth, ai_timeout); null unless status is error.';
comment on column public.ai_interactions.finished_at is 'When the call ended; null while it runs.';

-- The rate limit counts a person's calls of the last minute.
create index ai_interactions_user_id_created_at_idx on public.ai_interactions (user_id, created_at desc);
drop index if exists public.ai_interactions_user_id_idx;

-- ---------------------------------------------------------------------------
-- Server-written only: callers keep reading their own entries.
-- ---------------------------------------------------------------------------
drop policy "Coordinators can log their AI interactions" on public.ai_interactions;
drop policy "Users can update their AI interactions" on public.ai_interactions;
drop policy "Users can delete their AI interactions" on public.ai_interactions;

create policy "Super admins can delete AI interactions"
on public.ai_interactions for delete to authenticated
using ((select private.is_super_admin()));

revoke insert, update on public.ai_interactions from authenticated;

-- ---------------------------------------------------------------------------
-- Opening and closing an entry (Edge Functions, service role)
-- ---------------------------------------------------------------------------
create function public.begin_ai_interaction(
  auth_user_id uuid,
  interaction_type text,
  input_text text,
  input_chars integer,
  model text,
  requests_per_minute integer
)
returns table (interaction_id uuid, account_id uuid, account_role text, may_use_ai boolean, retry_after_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  account public.users%rowtype;
  used integer;
  oldest timestamptz;
  opened uuid;
begin
  -- The account the person acts as, exactly as private.current_account_id() decides for their JWT.
  select u.* into account from public.users u
  where u.id = coalesce(
    (select a.user_id from public.active_accounts a where a.auth_user_id = begin_ai_interaction.auth_user_id),
    (select u2.id from public.users u2 where u2.auth_user_id = begin_ai_interaction.auth_user_id order by u2.created_at, u2.id limit 1)
  );
  if account.id is null then
    raise exception 'This sign-in has no account' using errcode = '42501';
  end if;
  if not coalesce(account.role = 'tc' or 'super_admin' in (account.role, account.original_role), false) then
    return query select null::uuid, account.id, account.role, false, 0;
    return;
  end if;
  if requests_per_minute is null or requests_per_minute < 1 then
    raise exception 'requests_per_minute must be at least 1' using errcode = '22023';
  end if;

  -- One person's concurrent calls queue here, so a burst cannot slip past the count.
  perform pg_advisory_xact_lock(hashtextextended('ai_rate_limit:' || begin_ai_interaction.auth_user_id::text, 0));
  -- Every account of the sign-in shares one budget (switching accounts does not reset it).
  select count(*), min(i.created_at) into used, oldest
  from public.ai_interactions i
  where i.user_id in (select u.id from public.users u where u.auth_user_id = begin_ai_interaction.auth_user_id)
    and i.created_at > now() - interval '1 minute';
  if used >= requests_per_minute then
    return query select null::uuid, account.id, account.role, true,
      greatest(1, ceil(extract(epoch from (oldest + interval '1 minute' - now())))::integer);
    return;
  end if;

  insert into public.ai_interactions (user_id, type, input, input_chars, model)
  values (account.id, interaction_type, left(input_text, 1000), greatest(coalesce(begin_ai_interaction.input_chars, 0), 0), begin_ai_interaction.model)
  returning id into opened;
  return query select opened, account.id, account.role, true, 0;
end;
$$;
comment on function public.begin_ai_interaction(uuid, text, text, integer, text, integer) is
  'Edge Functions (service role): opens an ai_interactions entry for the account a sign-in acts as, or refuses: may_use_ai false for agents, interaction_id null with retry_after_seconds when the sign-in made requests_per_minute calls in the last minute.';

create function public.finish_ai_interaction(
  interaction_id uuid,
  output_text text,
  output_chars integer,
  error_code text default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.ai_interactions i set
    output = case when finish_ai_interaction.error_code is null then left(output_text, 1000) end,
    output_chars = greatest(coalesce(finish_ai_interaction.output_chars, 0), 0),
    status = case when finish_ai_interaction.error_code is null then 'ok' else 'error' end,
    error_code = finish_ai_interaction.error_code,
    finished_at = now(),
    latency_ms = greatest(0, round(extract(epoch from (now() - i.created_at)) * 1000))::integer
  where i.id = finish_ai_interaction.interaction_id and i.finished_at is null
$$;
comment on function public.finish_ai_interaction(uuid, text, integer, text) is
  'Edge Functions (service role): closes an open ai_interactions entry with the answer''s size and start, the latency, and ok or the error code.';

revoke execute on function
  public.begin_ai_interaction(uuid, text, text, integer, text, integer),
  public.finish_ai_interaction(uuid, text, integer, text)
from public, anon, authenticated;
grant execute on function
  public.begin_ai_interaction(uuid, text, text, integer, text, integer),
  public.finish_ai_interaction(uuid, text, integer, text)
to service_role;
