-- A coordinator's learning insight may name an agent (agent_id) only when it
-- is one of their own agents, like their workflow patterns: before, any
-- account id was accepted. The owner (tc_id) is set by private.set_owner().

drop policy "Coordinators can add their learning insights" on public.ai_learning_insights;

create policy "Coordinators can add learning insights about their agents"
on public.ai_learning_insights for insert to authenticated
with check (
  tc_id = (select private.current_account_id()) and (select private.is_coordinator())
  and (agent_id is null or agent_id in (select private.coordinated_agent_ids()) or (select private.is_super_admin()))
);
