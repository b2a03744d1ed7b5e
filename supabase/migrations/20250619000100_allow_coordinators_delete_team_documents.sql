-- A team's coordinator may delete any of the team's general documents, the
-- row and its stored file (issue 11, Team Documents: "delete for the uploader
-- and the coordinator"). Teammates still delete only their own uploads.
--
-- The coordinator is the account whose id is the team id: for a tc acting as
-- tc, private.current_team_id() is its own id; an agent's team id is its
-- coordinator's, never its own. So "team id = current team = current account"
-- holds exactly for the team's coordinator (and not for the coordinator's test
-- agent profile, which acts as an agent of that team).

-- ---------------------------------------------------------------------------
-- Rows: public.documents
-- ---------------------------------------------------------------------------
drop policy "Uploaders, the listing's agent and super admins can delete documents" on public.documents;

create policy "Uploaders, the listing's agent, the team's coordinator and super admins can delete documents"
on public.documents for delete to authenticated
using (
  (select private.is_super_admin())
  or uploaded_by = (select private.current_account_id())
  or listing_id in (select l.id from public.listings l where l.agent_id = (select private.current_account_id()))
  or (
    is_general
    and team_tc_id = (select private.current_team_id())
    and team_tc_id = (select private.current_account_id())
  )
);

-- ---------------------------------------------------------------------------
-- Files: storage.objects in team-documents under teams/<coordinator_id>/…
-- (owner_id is the uploading sign-in; the coordinator did not upload them)
-- ---------------------------------------------------------------------------
drop policy "Uploaders and super admins can delete files" on storage.objects;

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
