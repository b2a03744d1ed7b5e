-- ---------------------------------------------------------------------------
-- One rule in one place (issue 51, item 13), part 1: the copies of a
-- listing's people.
--
-- A table that belongs to a listing carries copies of its agent and
-- coordinator (listing_agent_id, listing_tc_id) so its policies need no
-- listings lookup per row. It declares them with one trigger:
--
--   create trigger <table>_scope_listing_people
--   before insert or update of listing_id, listing_agent_id, listing_tc_id on public.<table>
--   for each row execute function private.copy_listing_people();
--
-- private.copy_listing_people() already served any such table. Its other half,
-- private.copy_listing_people_to_items() (after a listing's agent_id or tc_id
-- changes), named every table and was replaced whole by each migration that
-- added one (three versions; parties and portal tables would have made more).
-- It now finds the tables in the catalogue: every table with that trigger.
-- Today that is the same six (contracts, documents, listing_checklist_items,
-- messages, notes, tasks) with the same writes; contract_deadlines still take
-- theirs from their contract (private.scope_contract_deadline(),
-- private.on_contract_change()).
--
-- Naming the tables at run time means one dynamic statement per table, planned
-- at each call. Run once per listing, that made moving an agent's 500 listings
-- to another coordinator (assign_agent()) take 0.9-1.4 s instead of 0.5-0.6 s;
-- so the trigger now runs once per statement on the listings whose agent_id or
-- tc_id the statement changed (its transition tables, which
-- count_updated_listings already has Postgres keep): 0.2-0.3 s for the same
-- 500, one listing about 3 ms. An update of a listing that changes neither
-- answers at once. Function replaced whole, trigger dropped and re-created.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.copy_listing_people_to_items()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  item_table regclass;
begin
  if not exists (
    select 1 from new_listings n join old_listings o on o.id = n.id
    where n.agent_id is distinct from o.agent_id or n.tc_id is distinct from o.tc_id
  ) then
    return null;
  end if;
  -- Every table that declares the copies (its trigger runs
  -- private.copy_listing_people()), in name order so that concurrent changes
  -- lock the tables in one order; partitions are reached through their parent.
  for item_table in
    select t.tgrelid::regclass
    from pg_catalog.pg_trigger t
    where t.tgfoid = 'private.copy_listing_people()'::pg_catalog.regprocedure
      and not t.tgisinternal
      and t.tgparentid = 0
    order by t.tgrelid::regclass::text
  loop
    execute pg_catalog.format(
      'update %s i set listing_agent_id = n.agent_id, listing_tc_id = n.tc_id
       from new_listings n join old_listings o on o.id = n.id
       where i.listing_id = n.id
         and (n.agent_id is distinct from o.agent_id or n.tc_id is distinct from o.tc_id)', item_table);
  end loop;
  return null;
end;
$$;

comment on function private.copy_listing_people_to_items() is
  'Trigger (after update on listings, once per statement, transition tables old_listings / new_listings): for the listings whose agent_id or tc_id changed, writes the new agent and coordinator into the copies (listing_agent_id, listing_tc_id) of every table that declares them with a private.copy_listing_people() trigger, found in the catalogue (today contracts, which pass them on to their deadlines, documents, listing_checklist_items, messages, notes and tasks).';

comment on function private.copy_listing_people() is
  'Trigger (before insert, or update of listing_id or the copies) of every table that belongs to a listing and carries copies of its people: sets listing_agent_id / listing_tc_id from the listing (null without one), under a share lock on the listing row. Client values are replaced. Declaring this trigger is what makes private.copy_listing_people_to_items() keep the table''s copies when the listing''s people change.';

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

drop trigger listings_copy_people_to_items on public.listings;

create trigger listings_copy_people_to_items
after update on public.listings
referencing old table as old_listings new table as new_listings
for each statement execute function private.copy_listing_people_to_items();
