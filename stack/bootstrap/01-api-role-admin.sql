-- Platform bootstrap, part 1b: postgres administers the API roles, as on hosted
-- Supabase, where postgres holds anon, authenticated, authenticator and
-- service_role WITH ADMIN OPTION (pg_dumpall of a hosted 17.x project, "Role
-- memberships"). Since Postgres 16, ALTER ROLE … SET on another role needs
-- CREATEROLE and the ADMIN option on it, so migrations can give the API roles
-- settings (a migration sets plan_cache_mode for authenticated). A file of its
-- own, so databases created before it get it without a reset.
grant anon, authenticated, authenticator, service_role to postgres with admin option;
