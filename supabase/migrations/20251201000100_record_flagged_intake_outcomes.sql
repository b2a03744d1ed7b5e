-- ---------------------------------------------------------------------------
-- Flagged facts in the intake log (issue 53).
--
-- Where a contract gives different values for one fact (a form field and a
-- counter-offer line, two clauses), the reader proposes none: the fact comes
-- back flagged, {key, value: null, confidence: 0, citation: null,
-- candidates: [{value, source, citation}]}, and the person picks one.
--
-- intake_outcomes() took every entry of `proposed` for a proposal: a flagged
-- fact's JSON null value counted as a proposal of its source that the person
-- then "edited" (or "cleared"), so intake_accuracy() read every pick as a
-- wrong proposal of that source. A flagged fact is not a proposal: its
-- outcome now has no source (so intake_accuracy(), which counts per source,
-- leaves it out, as it leaves out facts the person added) and records what
-- the person did with the choice instead: picked_candidate (with the
-- candidate's 0-based index and source), typed_other, or cleared.
-- intake_accuracy() and create_contract_from_intake() are unchanged: they
-- read outcomes through this function and a null value breaks neither.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.intake_outcomes(proposed jsonb, facts jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  with proposal as (
    select distinct on (p ->> 'key')
      p ->> 'key' as key,
      nullif(p -> 'value', 'null'::jsonb) as value,
      p ->> 'source' as source,
      case when jsonb_typeof(p -> 'candidates') = 'array' and jsonb_array_length(p -> 'candidates') > 0 then p -> 'candidates' end as candidates
    from jsonb_array_elements(proposed) p
    where p ->> 'key' is not null
  ),
  final as (
    select f.key, nullif(f.value, 'null'::jsonb) as value from jsonb_each(facts) f
  ),
  merged as (
    select coalesce(p.key, f.key) as key, p.value as proposed_value, p.source,
           -- A flagged fact has candidates and no value of its own.
           case when p.value is null then p.candidates end as candidates,
           f.value as final_value
    from proposal p full join final f on f.key = p.key
  ),
  decided as (
    select m.*, picked.index as picked_index, picked.candidate ->> 'source' as picked_source
    from merged m
    left join lateral (
      select c.ordinality - 1 as index, c.candidate
      from jsonb_array_elements(m.candidates) with ordinality as c(candidate, ordinality)
      where lower(btrim(c.candidate -> 'value' #>> '{}')) = lower(btrim(m.final_value #>> '{}')) or c.candidate -> 'value' = m.final_value
      order by c.ordinality
      limit 1
    ) picked on true
  )
  select coalesce(jsonb_object_agg(d.key,
    case
      when d.candidates is not null then jsonb_build_object(
        'value', d.final_value,
        'source', null,
        'flagged', true,
        'outcome', case
          when d.final_value is null then 'cleared'
          when d.picked_index is not null then 'picked_candidate'
          else 'typed_other'
        end,
        'candidate', d.picked_index,
        'candidate_source', d.picked_source)
      else jsonb_build_object(
        'value', d.final_value,
        'source', d.source,
        'outcome', case
          when d.proposed_value is null then 'added'
          when d.final_value is null then 'cleared'
          when lower(btrim(d.final_value #>> '{}')) = lower(btrim(d.proposed_value #>> '{}')) or d.final_value = d.proposed_value then 'accepted_as_proposed'
          else 'edited'
        end)
    end) filter (where d.proposed_value is not null or d.candidates is not null or d.final_value is not null), '{}'::jsonb)
  from decided d
$$;

comment on function private.intake_outcomes(proposed jsonb, facts jsonb) is
  'What became of each proposal: fact key → {value, source, outcome}: accepted_as_proposed (same value, ignoring case and outer spaces; 450000 = 450000.00), edited, cleared (proposed, saved empty), added (not proposed, filled in by the person). A flagged fact (value null, candidates) is not a proposal: {value, source: null, flagged: true, outcome: picked_candidate | typed_other | cleared, candidate: the picked candidate''s 0-based index or null, candidate_source}.';

-- ---------------------------------------------------------------------------
-- Section - Comments
-- ---------------------------------------------------------------------------

comment on column public.contract_intakes.proposed is
  'The readings as answered: [{key, value, confidence, source, citation}]; a flagged fact (the contract gives different values) has value null, confidence 0, citation null and candidates [{value, source, citation}].';

comment on column public.contract_intakes.accepted is
  'Set when saved: fact key → {value (final, null when cleared), outcome (accepted_as_proposed | edited | cleared | added), source (of the proposal; null when added)}; for a flagged fact {value, source: null, flagged: true, outcome (picked_candidate | typed_other | cleared), candidate (0-based index of the picked one, or null), candidate_source}.';
