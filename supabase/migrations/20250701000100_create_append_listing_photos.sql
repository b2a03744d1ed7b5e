-- Appending uploaded photos to a listing in one statement (POST
-- /api/listings/{id}/upload-photo): PostgREST cannot concatenate a jsonb
-- column, and reading the list first would let two uploads overwrite each
-- other. The app's rule (save-photos): existing photos keep their order, new
-- ones follow, each once; the main image stays, or becomes the first photo.

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.append_listing_photos(listing_id uuid, photo_paths text[])
returns public.listings
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  changed public.listings;
begin
  if photo_paths is null or cardinality(photo_paths) = 0 or array_position(photo_paths, null) is not null then
    raise exception 'Send at least one photo' using errcode = '22023';
  end if;
  -- RLS decides who may change photos (the listing's agent, a super admin).
  update public.listings l
  set photo_urls = (
        select coalesce(jsonb_agg(refs.ref order by refs.first_seen), '[]'::jsonb)
        from (
          select every_ref.ref, min(every_ref.position) as first_seen
          from (
            select kept.ref, kept.position from jsonb_array_elements_text(l.photo_urls) with ordinality as kept(ref, position)
            union all
            select added.ref, 1000000 + added.position from unnest(photo_paths) with ordinality as added(ref, position)
          ) as every_ref
          group by every_ref.ref
        ) as refs
      ),
      property_image_url = coalesce(l.property_image_url, photo_paths[1])
  where l.id = append_listing_photos.listing_id
  returning l.* into changed;
  if changed.id is null then
    if exists (select 1 from public.listings where id = append_listing_photos.listing_id) then
      raise exception 'Only the listing agent can change its photos.' using errcode = '42501';
    end if;
    raise exception 'Listing not found' using errcode = 'PT404';
  end if;
  return changed;
end;
$$;
comment on function public.append_listing_photos(uuid, text[]) is
  'Appends photo references (listing-photos object paths) to a listing''s photo_urls, each once, in one update under RLS; sets the main image when it has none. 400 without photos, 403 when the caller may see but not change the listing, 404 when hidden or unknown.';

-- ---------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------
revoke execute on function public.append_listing_photos(uuid, text[]) from public, anon;
grant execute on function public.append_listing_photos(uuid, text[]) to authenticated;
