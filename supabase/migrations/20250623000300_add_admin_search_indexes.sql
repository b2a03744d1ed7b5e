-- Admin console search: each word of the search box is matched with
-- `ilike '%word%'` against listings' address and seller name. Without an index
-- that is a scan of every listing per search (over a second at 100,000
-- listings, bench/admin-console.ts); trigram GIN indexes answer substring
-- matches. Accounts (thousands, not hundreds of thousands) do not need them.

-- ---------------------------------------------------------------------------
-- Extension (in the extensions schema, as hosted Supabase installs it)
-- ---------------------------------------------------------------------------
create extension if not exists pg_trgm with schema extensions;

-- ---------------------------------------------------------------------------
-- Indexes
-- ---------------------------------------------------------------------------
create index listings_address_trgm_idx on public.listings using gin (address extensions.gin_trgm_ops);
create index listings_seller_name_trgm_idx on public.listings using gin (seller_name extensions.gin_trgm_ops);
comment on index public.listings_address_trgm_idx is 'Substring search of the admin console''s Listings tab (address ilike ''%word%'').';
comment on index public.listings_seller_name_trgm_idx is 'Substring search of the admin console''s Listings tab (seller_name ilike ''%word%'').';
