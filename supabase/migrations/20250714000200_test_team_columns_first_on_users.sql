-- ---------------------------------------------------------------------------
-- Users: the select policy tests the team columns first (issue: Scale).
--
-- Each `(select private.…())` of a policy is an InitPlan that runs (one
-- helper call) only when an OR arm reaches it; the arms before the one that
-- holds decide how many run. At 100,000 listings, reads of users go through
-- indexes, so only the rows asked for are checked:
--   a coordinator's agents (agent cards, picker, assigned agents) hold at
--     `assigned_tc_id = team`: 1 InitPlan (was 3: auth.uid(), both team
--     references);
--   the team chat's coordinators hold at the role test: 3 (was 4);
--   an agent's coordinator holds at `id = team`: 2 (was 2);
--   an agent's own account holds at `assigned_tc_id = team`: 1 (was 1);
--   a super admin runs all 5, as before.
-- Same arms, same answers. (A first version of this migration tested the
-- role first: 1 InitPlan for the chat list but 4 for a coordinator's agents;
-- scale run Z showed the coordinator's picker and assigned agents page at
-- +18-25 µs of database CPU per request.)
-- ---------------------------------------------------------------------------

alter policy "Users can read their accounts and team, tcs other tcs, super admins all" on public.users
using (
  assigned_tc_id = (select private.current_team_id())
  or id = (select private.current_team_id())
  or ((select private.current_role()) = 'tc' and role = 'tc')
  or auth_user_id = (select auth.uid())
  or (select private.is_super_admin())
);
