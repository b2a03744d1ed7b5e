-- Platform bootstrap, part 1: roles, extension schema, default privileges, publication.
-- Local stack only: hosted Supabase already has all of this. Nothing in
-- supabase/migrations may depend on an object that exists only here.

-- API roles, as on Supabase: PostgREST logs in as authenticator and switches to
-- the role named in the JWT.
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;

-- Service roles that exist on hosted Supabase; migrations may grant to them.
create role supabase_admin nologin;
create role supabase_auth_admin nologin noinherit createrole;
create role supabase_storage_admin nologin noinherit createrole;
create role supabase_realtime_admin nologin noinherit;
create role dashboard_user nologin createrole createdb replication;
grant anon, authenticated, service_role to supabase_storage_admin;

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_stat_statements with schema extensions;

alter database postgres set search_path = "$user", public, extensions;
alter role authenticator set search_path = "$user", public, extensions;

-- Supabase lets the API roles use everything in public; RLS decides the rows.
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Database-wide publication that Realtime reads; migrations add tables to it.
create publication supabase_realtime;

-- The Supabase CLI's migration history table.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);

-- Exposed by PostgREST on Supabase (pg_graphql lives there); empty here.
create schema if not exists graphql_public;
grant usage on schema graphql_public to anon, authenticated, service_role;
