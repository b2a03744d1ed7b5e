-- Storage buckets and object policies. Object paths encode the scope:
--   listings/<listing_id>/<file>  in listing-documents, listing-photos, voice-recordings
--   teams/<coordinator_id>/<file> in team-documents, voice-recordings
--   <account_id>/<file>           in avatars (public bucket, read by URL)
-- Access follows the same rules as the rows: whoever works on the listing, or
-- belongs to the team, reads and uploads; the uploader or a super admin
-- replaces or deletes.

-- ---------------------------------------------------------------------------
-- Buckets: allowed types follow the spec's accepted extensions; limits are
-- ours (the spec names none) and stay under the project-wide 50 MiB.
-- ---------------------------------------------------------------------------
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
  ('avatars', 'avatars', true, 5242880, array['image/*'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

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
comment on function private.storage_object_allowed(text, text, boolean) is
  'Storage policy check: the object path''s listing or team must be the caller''s (avatars: own folder to write). Evaluated per object.';
grant execute on function private.storage_object_allowed(text, text, boolean) to authenticated;
revoke execute on function private.storage_object_allowed(text, text, boolean) from public, anon;

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

create policy "Uploaders and super admins can delete files"
on storage.objects for delete to authenticated
using (
  private.storage_object_allowed(bucket_id, name, false)
  and (owner_id = (select auth.uid())::text or (select private.is_super_admin()))
);
