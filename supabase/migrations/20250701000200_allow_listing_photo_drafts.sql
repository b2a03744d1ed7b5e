-- Listing photo drafts: the spec's New Listing screen uploads the property
-- image before the listing exists (POST /api/listings/upload-property-image,
-- answer imageUrl, then POST /api/listings with propertyImageUrl). Listing
-- photos live under listings/<listing_id>/, which needs the listing, so such
-- an image waits in drafts/<account_id>/ of listing-photos, readable and
-- removable only by its uploader, until POST /api/listings copies it under the
-- new listing and removes the draft.

-- ---------------------------------------------------------------------------
-- Helper
-- ---------------------------------------------------------------------------
create function private.is_own_photo_draft(bucket text, object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select bucket = 'listing-photos'
    and (storage.foldername(object_name))[1] = 'drafts'
    and (storage.foldername(object_name))[2] = private.current_account_id()::text
    and cardinality(storage.foldername(object_name)) = 2
$$;
comment on function private.is_own_photo_draft(text, text) is
  'Storage policy check: the object is a listing-photos draft directly in the caller''s drafts/<account_id>/ folder. Evaluated per object.';
revoke execute on function private.is_own_photo_draft(text, text) from public, anon;
grant execute on function private.is_own_photo_draft(text, text) to authenticated;

-- ---------------------------------------------------------------------------
-- Policies on storage.objects (added to the bucket policies, which they widen only for drafts)
-- ---------------------------------------------------------------------------
create policy "Users can read their own listing photo drafts"
on storage.objects for select to authenticated
using (private.is_own_photo_draft(bucket_id, name));

create policy "Users can upload listing photo drafts into their own folder"
on storage.objects for insert to authenticated
with check (private.is_own_photo_draft(bucket_id, name));

create policy "Users can delete their own listing photo drafts"
on storage.objects for delete to authenticated
using (private.is_own_photo_draft(bucket_id, name) and owner_id = (select auth.uid())::text);
