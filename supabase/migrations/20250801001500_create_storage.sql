-- ---------------------------------------------------------------------------
-- Storage buckets and object policies. Object paths encode the scope:
--   listings/<listing_id>/<file>  in listing-documents, listing-photos, voice-recordings
--   teams/<coordinator_id>/<file> in team-documents, voice-recordings
--   <account_id>/<file>           in avatars (public bucket, read by URL)
--   listings/<listing_id>/<file>  in inbound-email (raw mail waiting for review)
-- Access follows the same rules as the rows: whoever works on the listing, or
-- belongs to the team, reads and uploads; the uploader or a super admin
-- replaces or deletes.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Buckets
-- ---------------------------------------------------------------------------

-- Allowed types follow the spec's accepted extensions; limits are ours (the
-- spec names none) and stay under the project-wide 50 MiB. Avatars take only
-- JPEG, PNG and WebP (no SVG: a public bucket must not serve scripts).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('listing-documents', 'listing-documents', false, 26214400, array[
    'application/pdf', 'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/plain', 'image/jpeg', 'image/png', 'image/gif']),
  ('team-documents', 'team-documents', false, 26214400, array[
    'application/pdf', 'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain', 'image/jpeg', 'image/png']),
  ('listing-photos', 'listing-photos', false, 10485760, array['image/*']),
  ('voice-recordings', 'voice-recordings', false, 10485760, array['audio/*']),
  ('avatars', 'avatars', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('inbound-email', 'inbound-email', false, 26214400, array['message/rfc822'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Helper: may the active account read / write this object?
-- ---------------------------------------------------------------------------
create function private.storage_object_allowed(bucket text, object_name text, for_write boolean)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  folders text[] := storage.foldername(object_name);
  scope text := folders[1];
  scope_id text := folders[2];
begin
  if bucket = 'avatars' then
    return not for_write or scope = private.current_account_id()::text or private.is_super_admin();
  end if;
  if bucket not in ('listing-documents', 'listing-photos', 'team-documents', 'voice-recordings') then
    return false;
  end if;
  if scope = 'listings' and bucket <> 'team-documents' then
    return private.is_super_admin()
      or scope_id in (select l::text from private.accessible_listing_ids() as l);
  elsif scope = 'teams' and bucket in ('team-documents', 'voice-recordings') then
    return private.is_super_admin() or scope_id = private.current_team_id()::text;
  end if;
  return false;
end;
$$;

comment on function private.storage_object_allowed(bucket text, object_name text, for_write boolean) is
  'Storage policy check: the object path''s listing or team must be the caller''s (avatars: own folder to write). Evaluated per object.';

revoke execute on function private.storage_object_allowed(bucket text, object_name text, for_write boolean) from public;

grant execute on function private.storage_object_allowed(bucket text, object_name text, for_write boolean) to authenticated, service_role;

-- Listing photo drafts: the spec's New Listing screen uploads the property
-- image before the listing exists (POST /api/listings/upload-property-image,
-- answer imageUrl, then POST /api/listings with propertyImageUrl). Listing
-- photos live under listings/<listing_id>/, which needs the listing, so such
-- an image waits in drafts/<account_id>/ of listing-photos, readable and
-- removable only by its uploader, until POST /api/listings copies it under the
-- new listing and removes the draft.

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

comment on function private.is_own_photo_draft(bucket text, object_name text) is
  'Storage policy check: the object is a listing-photos draft directly in the caller''s drafts/<account_id>/ folder. Evaluated per object.';

revoke execute on function private.is_own_photo_draft(bucket text, object_name text) from public;

grant execute on function private.is_own_photo_draft(bucket text, object_name text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Policies on storage.objects (one per command, scoped to our buckets)
-- ---------------------------------------------------------------------------
create policy "Listing and team members can read their files and anyone signed in avatars"
on storage.objects for select to authenticated
using (private.storage_object_allowed(bucket_id, name, false));

create policy "Listing and team members can upload into their scope and users their avatar"
on storage.objects for insert to authenticated
with check (private.storage_object_allowed(bucket_id, name, true));

create policy "Uploaders and super admins can replace files in scope"
on storage.objects for update to authenticated
using (
  private.storage_object_allowed(bucket_id, name, true)
  and (owner_id = (select auth.uid())::text or (select private.is_super_admin()))
)
with check (private.storage_object_allowed(bucket_id, name, true));

create policy "Uploaders, team coordinators and super admins can delete files"
on storage.objects for delete to authenticated
using (
  private.storage_object_allowed(bucket_id, name, false)
  and (
    owner_id = (select auth.uid())::text
    or (select private.is_super_admin())
    or (
      bucket_id = 'team-documents'
      and (storage.foldername(name))[2] = (select private.current_team_id())::text
      and (storage.foldername(name))[2] = (select private.current_account_id())::text
    )
  )
);

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

-- Same scope rule as the listing's documents; only the service role writes here.
create policy "People on a listing can read its mail waiting for review"
on storage.objects for select to authenticated
using (bucket_id = 'inbound-email' and private.storage_object_allowed('listing-documents', name, false));
