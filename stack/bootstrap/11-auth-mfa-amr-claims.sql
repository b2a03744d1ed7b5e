-- Platform bootstrap, part 3: GoTrue's auth.mfa_amr_claims, which records how
-- each session was authenticated (password, otp, recovery, …). The local auth
-- service reads it to put the same `amr` claim into refreshed access tokens
-- that the first token of the session carried. Same shape as GoTrue's table.

set local role supabase_auth_admin;
create table auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

alter table auth.mfa_amr_claims enable row level security;
reset role;
