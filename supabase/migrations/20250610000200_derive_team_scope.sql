-- Team scope is derived by the database, never taken from the client:
-- * a listing document or message carries no team (team_tc_id forced null);
-- * a general (team) document, message or folder belongs to the author's own
--   team (private.current_team_id()); a different team id is refused, an
--   author without a team is refused; a super admin names the team;
-- * a folder nests only in a folder of the same team (and never in itself or
--   its subfolders); a document is filed only in a folder of its own team;
-- * a coordinator-chat thread reply stays in its parent message's channel;
-- * a new listing's tc_id is the agent's coordinator, whoever creates it.
-- Replaces private.stamp_team(), which kept a client-sent team_tc_id.

-- ---------------------------------------------------------------------------
-- Lookups for the triggers below (security definer: the parent row may be
-- invisible to the caller, which is exactly what the triggers must detect)
-- ---------------------------------------------------------------------------
create function private.folder_by_id(folder_id uuid)
returns public.folders
language sql
stable
security definer
set search_path = ''
as $$
  select f from public.folders f where f.id = folder_id
$$;
comment on function private.folder_by_id(uuid) is 'The folder row with this id (null when unknown), whatever the caller may read; for triggers.';

create function private.team_message_by_id(message_id uuid)
returns public.tc_team_messages
language sql
stable
security definer
set search_path = ''
as $$
  select m from public.tc_team_messages m where m.id = message_id
$$;
comment on function private.team_message_by_id(uuid) is 'The coordinator-chat message with this id (null when unknown); for triggers.';

create function private.is_team_coordinator(account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.users u where u.id = account_id and 'tc' in (u.role, coalesce(u.original_role, u.role)))
$$;
comment on function private.is_team_coordinator(uuid) is 'True when the account is a coordinator, i.e. identifies a team.';

-- ---------------------------------------------------------------------------
-- The team of a new general item written through the API
-- ---------------------------------------------------------------------------
create function private.team_for_new_item(sent_team uuid)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  team uuid;
begin
  if private.is_super_admin() then
    if sent_team is null or not private.is_team_coordinator(sent_team) then
      raise exception 'name the team (its coordinator''s id) in team_tc_id' using errcode = '22023';
    end if;
    return sent_team;
  end if;
  team := private.current_team_id();
  if team is null then
    raise exception 'you are not on a team: team items need a coordinator' using errcode = '42501';
  end if;
  if sent_team is not null and sent_team <> team then
    raise exception 'team items belong to your own team' using errcode = '42501';
  end if;
  return team;
end;
$$;
comment on function private.team_for_new_item(uuid) is
  'Team of a general item written by an API caller: their own team (a different sent id is refused with 403), a super admin''s named team.';

-- ---------------------------------------------------------------------------
-- Triggers (security invoker on purpose, see private.set_owner())
-- ---------------------------------------------------------------------------
create function private.scope_team_item()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  folder public.folders;
begin
  if tg_op = 'INSERT' then
    if current_user not in ('authenticated', 'anon') then
      if new.is_general and new.team_tc_id is null then
        new.team_tc_id := private.current_team_id();
      end if;
    elsif new.is_general then
      new.team_tc_id := private.team_for_new_item(new.team_tc_id);
    else
      new.team_tc_id := null;
    end if;
  end if;
  if tg_table_name <> 'documents' then
    return new;  -- messages have no folder (each NEW field is resolved only when its line runs)
  end if;
  if new.folder_id is not null and (tg_op = 'INSERT' or new.folder_id is distinct from old.folder_id) then
    folder := private.folder_by_id(new.folder_id);
    if folder.id is null then
      raise exception 'folder not found' using errcode = 'PT404';
    end if;
    if not new.is_general or folder.team_tc_id is distinct from new.team_tc_id then
      raise exception 'a document is filed only in a folder of its own team' using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.scope_team_item() is
  'Trigger on documents and messages: team_tc_id derived (null for listing items, the author''s team for general ones); a document''s folder must be of its team.';

create function private.scope_folder()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  parent public.folders;
begin
  if tg_op = 'INSERT' then
    if new.parent_id is not null then
      parent := private.folder_by_id(new.parent_id);
      if parent.id is null then
        raise exception 'parent folder not found' using errcode = 'PT404';
      end if;
    end if;
    if current_user in ('authenticated', 'anon') then
      new.team_tc_id := private.team_for_new_item(coalesce(new.team_tc_id, parent.team_tc_id));
    elsif new.team_tc_id is null then
      new.team_tc_id := coalesce(parent.team_tc_id, private.current_team_id());
    end if;
  elsif new.parent_id is distinct from old.parent_id and new.parent_id is not null then
    parent := private.folder_by_id(new.parent_id);
    if parent.id is null then
      raise exception 'parent folder not found' using errcode = 'PT404';
    end if;
    if exists (
      with recursive ancestors as (
        select parent.id as id, parent.parent_id as parent_id
        union
        select f.id, f.parent_id from public.folders f join ancestors a on f.id = a.parent_id
      )
      select 1 from ancestors where id = new.id
    ) then
      raise exception 'a folder cannot move into itself or one of its subfolders' using errcode = '22023';
    end if;
  end if;
  if parent.id is not null and parent.team_tc_id is distinct from new.team_tc_id then
    raise exception 'a folder nests only in a folder of its own team' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.scope_folder() is
  'Trigger on folders: team derived from the author (or the parent folder for a super admin); parent must be a folder of the same team, without cycles.';

create function private.scope_thread_reply()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  parent public.tc_team_messages;
begin
  if new.parent_message_id is null then
    return new;
  end if;
  parent := private.team_message_by_id(new.parent_message_id);
  if parent.id is null then
    raise exception 'parent message not found' using errcode = 'PT404';
  end if;
  if parent.channel_id is distinct from new.channel_id then
    raise exception 'a thread reply stays in the channel of its parent message' using errcode = '42501';
  end if;
  new.is_thread_reply := true;
  return new;
end;
$$;
comment on function private.scope_thread_reply() is 'Trigger on tc_team_messages: a reply''s parent message must exist and be in the same channel.';

drop trigger documents_stamp_team on public.documents;
drop trigger messages_stamp_team on public.messages;
drop trigger folders_stamp_team on public.folders;
drop function private.stamp_team();

create trigger documents_scope_team before insert or update of folder_id on public.documents
  for each row execute function private.scope_team_item();
create trigger messages_scope_team before insert on public.messages
  for each row execute function private.scope_team_item();
create trigger folders_scope_team before insert or update of parent_id on public.folders
  for each row execute function private.scope_folder();
create trigger tc_team_messages_scope_thread before insert on public.tc_team_messages
  for each row execute function private.scope_thread_reply();

-- ---------------------------------------------------------------------------
-- Listings: tc_id of a listing created through the API is always the agent's
-- coordinator (super admins included); super admins still reassign by update.
-- ---------------------------------------------------------------------------
create or replace function private.guard_listing_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and (current_user in ('authenticated', 'anon') or new.tc_id is null) then
    new.tc_id := private.assigned_tc_of(new.agent_id);
  end if;
  if current_user not in ('authenticated', 'anon') or private.is_super_admin() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'incomplete' then
      raise exception 'a new listing starts incomplete; the coordinator changes status' using errcode = '42501';
    end if;
  elsif new.status is distinct from old.status or new.agent_id is distinct from old.agent_id
        or new.tc_id is distinct from old.tc_id then
    raise exception 'status, agent_id and tc_id change only through functions' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.guard_listing_columns() is
  'Trigger: a listing created through the API takes the agent''s coordinator as tc_id; API callers other than super admins cannot set status, agent_id or tc_id.';

-- ---------------------------------------------------------------------------
-- Function privileges: policies and triggers only; nothing for public or anon.
-- ---------------------------------------------------------------------------
revoke execute on function
  private.folder_by_id(uuid),
  private.team_message_by_id(uuid),
  private.is_team_coordinator(uuid),
  private.team_for_new_item(uuid),
  private.scope_team_item(),
  private.scope_folder(),
  private.scope_thread_reply()
from public, anon;
grant execute on function
  private.folder_by_id(uuid),
  private.team_message_by_id(uuid),
  private.is_team_coordinator(uuid),
  private.team_for_new_item(uuid)
to authenticated;
