-- Admin console listing search that can use the trigram indexes. Through the
-- table, the search's `ilike` filters sit behind the listings' RLS policy, and
-- since `ilike` is not leakproof Postgres must not evaluate it before the
-- policy: every listing is scanned (over a second at 100,000 listings). This
-- function checks the caller is a super admin -- who may read every listing
-- anyway -- and runs the search itself, so the indexes answer it. PostgREST
-- orders, pages, counts and embeds its result like the table.

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.admin_search_listings(search text)
returns setof public.listings
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  patterns text[];
  query text := 'select l.* from public.listings l where true';
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  if char_length(coalesce(search, '')) > 200 then
    raise exception 'Search is too long (200 characters at most)' using errcode = '22023';
  end if;
  -- Every word must appear in the address or the seller's name (as the
  -- other lists' search); LIKE's own wildcards in a word are matched literally.
  patterns := array(
    select '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'
    from regexp_split_to_table(btrim(coalesce(search, '')), '\s+') w
    where w <> ''
  );
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    query := query || format(' and (l.address ilike $1[%s] or l.seller_name ilike $1[%s])', i, i);
  end loop;
  return query execute query using patterns;
end;
$$;
comment on function public.admin_search_listings(text) is
  'Super admin: listings whose address or seller name contains every word of search (case-insensitive), for the admin console; PostgREST pages, orders and counts the result. 403 for others, 400 for a search over 200 characters. Uses the trigram indexes, which RLS would bypass.';

-- ---------------------------------------------------------------------------
-- Function privileges
-- ---------------------------------------------------------------------------
revoke execute on function public.admin_search_listings(text) from public, anon;
grant execute on function public.admin_search_listings(text) to authenticated;
