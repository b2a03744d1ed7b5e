-- ---------------------------------------------------------------------------
-- Users: "a coordinator reads coordinators" is tested first (issue: Scale).
--
-- The team chat's coordinator list (a coordinator reading every tc account)
-- matched only the fourth condition of the users select policy, so each
-- request ran the InitPlans of the three before it (auth.uid() and the two
-- current_team_id() references) as well as current_role(). Tested first, a
-- coordinator's read of coordinators runs only current_role(). Agents and
-- super admins evaluate the same conditions as before (current_role() ran
-- for their non-matching rows already). pgbench, 20 clients, three
-- alternating runs: 14,850-15,050 -> 17,750-20,650 transactions/s (service
-- role 28,100-33,900).
-- ---------------------------------------------------------------------------

alter policy "Users can read their accounts and team, tcs other tcs, super admins all" on public.users
using (
  ((select private.current_role()) = 'tc' and role = 'tc')
  or auth_user_id = (select auth.uid())
  or id = (select private.current_team_id())
  or assigned_tc_id = (select private.current_team_id())
  or (select private.is_super_admin())
);
