-- Platform bootstrap, part 3: the realtime schema objects hosted Supabase
-- has, with the same names and signatures, so policies on realtime.messages
-- and triggers calling realtime.send() / realtime.broadcast_changes() written
-- for hosted Supabase work unchanged. The local Realtime service
-- (stack/realtime) reads realtime.messages through logical replication.

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin;

-- Hosted partitions this table by day; a plain table keeps logical
-- replication simple here and accepts the same inserts.
create table realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic) where extension = 'broadcast' and private is true;
-- Private channels are authorized by policies on this table (RLS decides who may read/write a topic).
alter table realtime.messages enable row level security;
grant all on realtime.messages to postgres, dashboard_user;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

-- The channel being authorized, for policies: `realtime.topic() = 'room:' || ...`.
create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      -- As on hosted Supabase: a failed send must not abort the caller's transaction.
      raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.broadcast_changes(topic_name text, event_name text, operation text, table_name text, table_schema text, new record, old record, level text default 'ROW') returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;
grant execute on function realtime.send(jsonb, text, text, boolean) to postgres, anon, authenticated, service_role;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text) to postgres, anon, authenticated, service_role;

-- Hosted Realtime streams broadcasts written from the database through this publication.
create publication supabase_realtime_messages_publication for table realtime.messages;

-- Owners as in a hosted schema dump: the table and realtime.topic() belong to
-- supabase_realtime_admin; the helpers stay with the superuser. postgres is a
-- member of supabase_realtime_admin, so migrations can add policies on
-- realtime.messages (supabase/realtime
-- lib/realtime/tenants/repo/migrations/20240401105812_create_realtime_admin_and_move_ownership.ex).
alter table realtime.messages owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
grant supabase_realtime_admin to postgres;
