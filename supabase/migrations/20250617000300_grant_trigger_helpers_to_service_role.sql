-- Platform-side writes (Edge Functions, scripts and integrations using the
-- service role) go through the same triggers as the app. Trigger functions run
-- with the caller's rights where they must tell API roles apart
-- (private.guard_listing_columns), so the helpers they call must be executable
-- by service_role too, or every service-role insert into listings fails with
-- "permission denied for function assigned_tc_of". Only the trigger helpers are
-- granted: the service role still cannot call private.setting() (secrets).

grant execute on function private.assigned_tc_of(uuid) to service_role;
-- "Who is calling" helpers the triggers ask; for the service role they answer
-- null / false (no account), which the triggers treat as a platform write.
grant execute on function private.current_account_id(), private.current_role(), private.is_super_admin(),
  private.current_team_id() to service_role;
