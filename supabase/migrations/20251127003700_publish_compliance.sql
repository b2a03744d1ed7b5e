-- ---------------------------------------------------------------------------
-- Realtime: checklist items reach the people on the listing without reload
-- (each subscriber gets only the rows its select policy allows). Documents
-- are already published (review states arrive as their updates).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Publication
-- ---------------------------------------------------------------------------

alter publication supabase_realtime add table public.listing_checklist_items;
