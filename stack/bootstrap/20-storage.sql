-- Platform bootstrap, part 3: the storage schema with Supabase Storage's table,
-- column and function names (as its tenant migrations leave them), so app
-- migrations written for hosted Supabase -- policies on storage.objects using
-- storage.foldername(name), `insert into storage.buckets (...)` -- apply
-- unchanged. The local storage service (stack/storage) reads and writes these
-- rows as the caller's role, so RLS decides as it does on hosted Supabase.

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
-- supabase/postgres 10000000000000_demote-postgres.sql / 00000000000003-post-setup.sql.
grant all on schema storage to postgres, dashboard_user;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

-- Storage's own migration history; kept for tools that look for it.
create table storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');

create table storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid, -- deprecated on hosted Supabase in favour of owner_id
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  constraint buckets_name_length check (char_length(name) <= 100)
);
create unique index bname on storage.buckets using btree (name);

create table storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text,
  name text,
  owner uuid, -- deprecated on hosted Supabase in favour of owner_id
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  constraint "objects_bucketId_fkey" foreign key (bucket_id) references storage.buckets (id)
);
create unique index bucketid_objname on storage.objects using btree (bucket_id, name);
create index name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.migrations enable row level security;
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end;
$$;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Path helpers used in policies, exactly as Supabase defines them: IMMUTABLE
-- (storage migrations/tenant/0060-optimize-existing-functions-again.sql,
-- 0061-mark-filename-immutable.sql).
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- The list endpoint's query (Supabase's storage.search): the folders one level
-- below the prefix (id and metadata null), then the objects at that level.
-- Security invoker, so the caller's select policies decide what is listed.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable as $$
declare
  v_order_by text;
  v_sort_order text;
begin
  case
    when sortcolumn = 'name' then v_order_by = 'name';
    when sortcolumn = 'updated_at' then v_order_by = 'updated_at';
    when sortcolumn = 'created_at' then v_order_by = 'created_at';
    when sortcolumn = 'last_accessed_at' then v_order_by = 'last_accessed_at';
    else v_order_by = 'name';
  end case;

  case
    when sortorder = 'asc' then v_sort_order = 'asc';
    when sortorder = 'desc' then v_sort_order = 'desc';
    else v_sort_order = 'asc';
  end case;

  v_order_by = v_order_by || ' ' || v_sort_order;

  return query execute
    'with folders as (
       select path_tokens[$1] as folder
       from storage.objects
         where objects.name ilike $2 || $3 || ''%''
           and bucket_id = $4
           and array_length(objects.path_tokens, 1) <> $1
       group by folder
       order by folder ' || v_sort_order || '
     )
     (select folder as "name",
            null::uuid as id,
            null::timestamptz as updated_at,
            null::timestamptz as created_at,
            null::timestamptz as last_accessed_at,
            null::jsonb as metadata from folders)
     union all
     (select path_tokens[$1] as "name",
            id,
            updated_at,
            created_at,
            last_accessed_at,
            metadata
     from storage.objects
     where objects.name ilike $2 || $3 || ''%''
       and bucket_id = $4
       and array_length(objects.path_tokens, 1) = $1
     order by ' || v_order_by || ')
     limit $5
     offset $6' using levels, prefix, search, bucketname, limits, offsets;
end;
$$;

-- Total bytes per bucket (the dashboard's usage query on hosted Supabase).
create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language plpgsql stable as $$
begin
  return query
    select sum((metadata ->> 'size')::bigint)::bigint as size, obj.bucket_id
    from storage.objects as obj
    group by obj.bucket_id;
end
$$;

-- Direct SQL deletes of objects or buckets would orphan the stored files, so
-- Storage refuses them unless the transaction sets storage.allow_delete_query
-- (which the Storage service does for every request, as hosted Storage does):
-- same function, message, hint and SQLSTATE as storage
-- migrations/tenant/0055-prevent-direct-deletes.sql.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

grant all on storage.buckets, storage.objects, storage.migrations to anon, authenticated, service_role;
-- storage migrations/tenant/0046-buckets-objects-grants.sql, 0049-buckets-objects-grants-postgres.sql.
grant all on storage.buckets, storage.objects, storage.migrations to postgres with grant option;
grant execute on all functions in schema storage to postgres, anon, authenticated, service_role;

-- Owned by the storage admin as on hosted Supabase; the API roles act through
-- the grants above and RLS (service_role bypasses it).
alter schema storage owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.migrations owner to supabase_storage_admin;
alter type storage.buckettype owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
alter function storage.search(text, text, int, int, int, text, text, text) owner to supabase_storage_admin;
alter function storage.get_size_by_bucket() owner to supabase_storage_admin;
alter function storage.update_updated_at_column() owner to supabase_storage_admin;
alter function storage.protect_delete() owner to supabase_storage_admin;
alter role supabase_storage_admin set search_path = storage;
