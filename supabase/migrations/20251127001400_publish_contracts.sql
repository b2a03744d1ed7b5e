-- ---------------------------------------------------------------------------
-- Realtime: contracts and their deadlines reach the other people on the
-- listing without reload, as notes and tasks do (each subscriber gets only
-- the rows its select policies allow).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Publication
-- ---------------------------------------------------------------------------

alter publication supabase_realtime add table
  public.contracts,
  public.contract_deadlines;
