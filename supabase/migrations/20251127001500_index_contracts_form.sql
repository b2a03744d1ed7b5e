-- ---------------------------------------------------------------------------
-- Contracts: the foreign key to contract_forms gets its covering index, so
-- a change of a form row (in a migration) does not scan every contract, and
-- the database advisors report no unindexed foreign key.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index contracts_form_idx on public.contracts (form);
