-- ---------------------------------------------------------------------------
-- Live updates, part 7 (issue 54): an update that changes nothing is told to
-- nobody.
--
-- The broadcast triggers (…_broadcast_listing_changes.sql,
-- …_broadcast_other_screen_changes.sql) fired after every update of a live
-- row, also one that rewrote a row with the values it had (an upsert, a copy
-- of the listing's people written again unchanged), and each such update sent
-- a message to every reader, who then refetched for nothing. What a reader
-- sees depends on every column of the row (the screens show them), so the
-- update triggers name no column list: they fire when any column differs,
-- leaving out updated_at, which the tables' touch triggers set on every
-- update, changed or not. Inserts and deletes are told as before.
-- Each table's trigger is replaced by two: one for inserts and deletes, one
-- for updates that change something. private.broadcast_row_change() is
-- unchanged.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

drop trigger listings_broadcast_change on public.listings;

create trigger listings_broadcast_insert_delete after insert or delete on public.listings
  for each row execute function private.broadcast_row_change();

create trigger listings_broadcast_update after update on public.listings
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger listings_broadcast_update on public.listings is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger tasks_broadcast_change on public.tasks;

create trigger tasks_broadcast_insert_delete after insert or delete on public.tasks
  for each row execute function private.broadcast_row_change();

create trigger tasks_broadcast_update after update on public.tasks
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger tasks_broadcast_update on public.tasks is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger documents_broadcast_change on public.documents;

create trigger documents_broadcast_insert_delete after insert or delete on public.documents
  for each row execute function private.broadcast_row_change();

create trigger documents_broadcast_update after update on public.documents
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger documents_broadcast_update on public.documents is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger notes_broadcast_change on public.notes;

create trigger notes_broadcast_insert_delete after insert or delete on public.notes
  for each row execute function private.broadcast_row_change();

create trigger notes_broadcast_update after update on public.notes
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger notes_broadcast_update on public.notes is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger messages_broadcast_change on public.messages;

create trigger messages_broadcast_insert_delete after insert or delete on public.messages
  for each row execute function private.broadcast_row_change();

create trigger messages_broadcast_update after update on public.messages
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger messages_broadcast_update on public.messages is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger inbound_emails_broadcast_change on public.inbound_emails;

create trigger inbound_emails_broadcast_insert_delete after insert or delete on public.inbound_emails
  for each row execute function private.broadcast_row_change();

create trigger inbound_emails_broadcast_update after update on public.inbound_emails
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger inbound_emails_broadcast_update on public.inbound_emails is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger contracts_broadcast_change on public.contracts;

create trigger contracts_broadcast_insert_delete after insert or delete on public.contracts
  for each row execute function private.broadcast_row_change();

create trigger contracts_broadcast_update after update on public.contracts
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger contracts_broadcast_update on public.contracts is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger contract_deadlines_broadcast_change on public.contract_deadlines;

create trigger contract_deadlines_broadcast_insert_delete after insert or delete on public.contract_deadlines
  for each row execute function private.broadcast_row_change();

create trigger contract_deadlines_broadcast_update after update on public.contract_deadlines
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger contract_deadlines_broadcast_update on public.contract_deadlines is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger notifications_broadcast_change on public.notifications;

create trigger notifications_broadcast_insert_delete after insert or delete on public.notifications
  for each row execute function private.broadcast_row_change();

create trigger notifications_broadcast_update after update on public.notifications
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger notifications_broadcast_update on public.notifications is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger activity_log_broadcast_change on public.activity_log;

create trigger activity_log_broadcast_insert_delete after insert or delete on public.activity_log
  for each row execute function private.broadcast_row_change();

create trigger activity_log_broadcast_update after update on public.activity_log
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger activity_log_broadcast_update on public.activity_log is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger tc_responses_broadcast_change on public.tc_responses;

create trigger tc_responses_broadcast_insert_delete after insert or delete on public.tc_responses
  for each row execute function private.broadcast_row_change();

create trigger tc_responses_broadcast_update after update on public.tc_responses
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger tc_responses_broadcast_update on public.tc_responses is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger listing_checklist_items_broadcast_change on public.listing_checklist_items;

create trigger listing_checklist_items_broadcast_insert_delete after insert or delete on public.listing_checklist_items
  for each row execute function private.broadcast_row_change();

create trigger listing_checklist_items_broadcast_update after update on public.listing_checklist_items
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger listing_checklist_items_broadcast_update on public.listing_checklist_items is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger tc_team_messages_broadcast_change on public.tc_team_messages;

create trigger tc_team_messages_broadcast_insert_delete after insert or delete on public.tc_team_messages
  for each row execute function private.broadcast_row_change();

create trigger tc_team_messages_broadcast_update after update on public.tc_team_messages
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger tc_team_messages_broadcast_update on public.tc_team_messages is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';

drop trigger tc_channel_members_broadcast_change on public.tc_channel_members;

create trigger tc_channel_members_broadcast_insert_delete after insert or delete on public.tc_channel_members
  for each row execute function private.broadcast_row_change();

create trigger tc_channel_members_broadcast_update after update on public.tc_channel_members
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger tc_channel_members_broadcast_update on public.tc_channel_members is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs: the screens show every column; an update that changes nothing (only the touch of updated_at) is told to nobody.';
