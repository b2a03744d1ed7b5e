-- Storing a generation of workflow insights: the scope's previous active
-- insights are retired and the new ones inserted in one transaction, so a
-- failed insert never leaves the screen without insights. Security invoker:
-- the insert and update policies of ai_learning_insights apply and the
-- owner (tc_id) is set by the database (private.set_owner).

create function public.replace_workflow_insights(agent_id uuid, insights jsonb, phrased_by_model boolean default false)
returns setof public.ai_learning_insights
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  scope text := coalesce(replace_workflow_insights.agent_id::text, 'all');
begin
  perform private.check_workflow_scope(replace_workflow_insights.agent_id);
  if jsonb_typeof(insights) is distinct from 'array' then
    raise exception 'insights must be a JSON array' using errcode = '22023';
  end if;
  update public.ai_learning_insights i set is_active = false
  where i.tc_id = private.current_account_id() and i.is_active and i.metadata ->> 'scope' = scope;
  return query
    insert into public.ai_learning_insights
      (tc_id, agent_id, insight_type, title, description, recommendation, confidence, trigger_condition, metadata, last_triggered)
    select private.current_account_id(), (e.item ->> 'subject_agent_id')::uuid, e.item ->> 'insight_type', e.item ->> 'title',
      e.item ->> 'description', e.item ->> 'recommendation', (e.item ->> 'confidence')::numeric,
      coalesce(e.item -> 'trigger_condition', '{}'::jsonb),
      jsonb_build_object('scope', scope, 'source', 'statistics', 'phrasedByModel', coalesce(phrased_by_model, false)), now()
    from jsonb_array_elements(insights) with ordinality as e(item, position)
    order by e.position
    returning *;
end;
$$;
comment on function public.replace_workflow_insights(uuid, jsonb, boolean) is
  'Stores a generation of workflow insights for a scope (agent_id, null = all agents; refusals as workflow_stats): retires the caller''s active insights of that scope (metadata.scope) and inserts the given ones (objects shaped like workflow_insight_candidates rows) with metadata {scope, source, phrasedByModel}, returning them in order. Security invoker: the table''s policies apply; 400 unless insights is an array.';

grant execute on function public.replace_workflow_insights(uuid, jsonb, boolean) to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function public.replace_workflow_insights(uuid, jsonb, boolean) from public, anon;
