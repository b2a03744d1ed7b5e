-- The notifications page reads an inbox in keyset pages ordered by
-- (created_at desc, id desc) — all, unread, or one type (Messages, Tasks tabs)
-- — and the sidebar badge counts unread rows. Each gets an index that
-- returns rows in page order, so old notifications never slow a page and no
-- query sorts the inbox. The unread index (partial) also serves the count.

-- ---------------------------------------------------------------------------
-- Indexes
-- ---------------------------------------------------------------------------
drop index public.notifications_user_id_created_at_idx;
create index notifications_user_id_created_at_id_idx on public.notifications (user_id, created_at desc, id desc);

drop index public.notifications_user_id_unread_idx;
create index notifications_user_id_unread_idx on public.notifications (user_id, created_at desc, id desc) where not is_read;

create index notifications_user_id_type_created_at_id_idx on public.notifications (user_id, type, created_at desc, id desc);
