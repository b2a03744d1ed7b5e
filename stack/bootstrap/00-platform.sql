-- Platform bootstrap, part 1: roles, extension schema, default privileges, publication.
-- Local stack only: hosted Supabase already has all of this. Nothing in
-- supabase/migrations may depend on an object that exists only here.

-- Runs as the cluster's superuser, supabase_admin (initdb's bootstrap user, as
-- on hosted Supabase). `postgres` is the role migrations and the seed run as
-- (the Supabase CLI connects as postgres): not a superuser, but BYPASSRLS,
-- CREATEDB, CREATEROLE, REPLICATION, as supabase/postgres
-- migrations/db/migrations/10000000000000_demote-postgres.sql leaves it.
create role postgres login password 'postgres' nosuperuser createdb createrole replication bypassrls;
alter role postgres set search_path = "$user", public, extensions;
alter role supabase_admin set search_path = "$user", public, auth, extensions;
-- supabase/postgres migrations/db/migrate.sh: the database belongs to postgres,
-- and the init scripts (extensions schema, publication, default privileges of
-- public) run as postgres before it is demoted, so postgres owns those.
alter database postgres owner to postgres;

-- API roles, as on Supabase: PostgREST logs in as authenticator and switches to
-- the role named in the JWT. The three API roles INHERIT, as hosted sets them
-- (supabase/postgres 20230529180330_alter_api_roles_for_inherit.sql).
create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;

-- Service roles of hosted Supabase. The auth and storage services log in as
-- their admin role (stack/supervisor.ts), as GoTrue and Storage do.
create role supabase_auth_admin login password 'postgres' noinherit createrole noreplication;
create role supabase_storage_admin login password 'postgres' noinherit createrole noreplication;
create role supabase_realtime_admin nologin noinherit noreplication;
create role dashboard_user nosuperuser nologin createrole createdb replication;
grant all on database postgres to dashboard_user;
-- Storage switches to the caller's role through authenticator
-- (20231013070755_grant_authenticator_to_supabase_storage_admin.sql).
grant authenticator to supabase_storage_admin;
-- What hosted grants postgres so that it can add triggers on auth.users and
-- policies on storage.objects without being a superuser
-- (20220609081115_grant-supabase-auth-admin-and-supabase-storage-admin-to-postgres.sql,
-- 20230201083204_grant_auth_roles_to_postgres.sql,
-- 20240606060239_grant_predefined_roles_to_postgres.sql).
grant supabase_auth_admin, supabase_storage_admin to postgres;
grant anon, authenticated, service_role to postgres;
grant pg_read_all_data, pg_signal_backend to postgres;

create schema if not exists extensions authorization postgres;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to postgres, dashboard_user;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_stat_statements with schema extensions;

alter database postgres set search_path = "$user", public, extensions;
alter role authenticator set search_path = "$user", public, extensions;

-- Supabase lets the API roles use everything in public; RLS decides the rows.
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;
-- For objects supabase_admin creates (00000000000000-initial-schema.sql) and
-- for those migrations create as postgres (hosted sets the same for postgres).
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

-- Database-wide publication that Realtime reads; migrations add tables to it
-- (as postgres, its owner on hosted).
create publication supabase_realtime;
alter publication supabase_realtime owner to postgres;

-- The Supabase CLI's migration history table (the CLI creates it as postgres).
create schema if not exists supabase_migrations authorization postgres;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
alter table supabase_migrations.schema_migrations owner to postgres;
alter table supabase_migrations.seed_files owner to postgres;

-- Exposed by PostgREST on Supabase (pg_graphql lives there); empty here.
create schema if not exists graphql_public;
grant usage on schema graphql_public to anon, authenticated, service_role;
