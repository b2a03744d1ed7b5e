-- Realtime: the tables the screens watch. Realtime applies each subscriber's
-- RLS to postgres_changes, so publishing a table exposes nothing a select would
-- not. Account secrets (private.user_secrets) are never published.

alter publication supabase_realtime add table
  public.messages,
  public.tc_team_messages,
  public.notifications,
  public.tasks,
  public.notes,
  public.listings,
  public.documents;
