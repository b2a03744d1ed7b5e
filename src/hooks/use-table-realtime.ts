import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { useEffect, useEffectEvent } from 'react';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export interface TableRealtimeOptions {
  table: keyof Database['public']['Tables'];
  /**
   * The rows followed: `column` equals `value`, or is one of `value` when it is a
   * list (Realtime applies the subscriber's RLS on top). An empty list follows nothing.
   */
  column: string;
  value: string | readonly string[];
  /** The query that shows those rows. */
  queryKey: QueryKey;
  /** Refetch only this key, not the keys below it (a listing's row, not its notes). */
  exact?: boolean;
  enabled?: boolean;
  /** Called on every change of a followed row, e.g. to refresh something computed from them. */
  onChange?: () => void;
  /**
   * What a change (with its payload) and each (re)subscription (without one) do
   * instead of refetching `queryKey`, e.g. appending an inserted row to a paged
   * list, or folding in a fresh newest page, without refetching every page.
   */
  refresh?: (change?: TableChange) => void;
  /** Called with the new row of every insert of a followed row (e.g. to announce it). */
  onInsert?: (row: Record<string, unknown>) => void;
}

export type TableChange = RealtimePostgresChangesPayload<Record<string, unknown>>;


/**
 * Live updates for the rows of one table through Realtime postgres_changes. A
 * change refetches the query rather than patching it, so embedded authors and
 * ordering stay exactly what a fresh read returns. Per-table hooks in the
 * features (useAgentTasksRealtime…) wrap this with their own query keys.
 */
export function useTableRealtime({ table, column, value, queryKey, exact = false, enabled = true, onChange, refresh, onInsert }: TableRealtimeOptions) {
  const queryClient = useQueryClient();
  const refetch = useEffectEvent((change?: TableChange) => (refresh ? refresh(change) : void queryClient.invalidateQueries({ queryKey, exact })));
  const changed = useEffectEvent((change: TableChange) => {
    refetch(change);
    onChange?.();
  });
  const onInserted = useEffectEvent((row: Record<string, unknown>) => onInsert?.(row));
  // Every query under the key counts (e.g. each page size of a growing list, each loaded page); other data is skipped.
  const isShown = useEffectEvent((id: string) =>
    queryClient.getQueriesData<unknown>({ queryKey, exact }).some(([, data]) => shownRows(data).some((row) => row.id === id)),
  );

  // A list is compared by content, so a re-rendered but equal list keeps the channel.
  const filterValue = typeof value === 'string' ? `eq.${value}` : `in.(${value.join(',')})`;
  const followsNothing = typeof value !== 'string' && value.length === 0;

  useEffect(() => {
    if (!enabled || followsNothing) return;
    // A unique topic per mount: React's strict-mode double mount must not reuse a channel being torn down.
    const channel = supabase.channel(`${table}:${column}:${filterValue}:${crypto.randomUUID()}`);
    const filter = `${column}=${filterValue}`;
    if (column === 'id') {
      // Every event carries the primary key, so one filtered binding follows the row, deletes included.
      channel.on('postgres_changes', { event: '*', schema: 'public', table, filter }, (payload) => changed(payload));
    } else {
      channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table, filter }, (payload) => {
        changed(payload);
        onInserted(payload.new);
      });
      channel.on('postgres_changes', { event: 'UPDATE', schema: 'public', table, filter }, (payload) => changed(payload));
      // A DELETE carries only the primary key (no other column to filter on), so it comes for every row of
      // the table; refetch only when the deleted row is one the query shows.
      channel.on('postgres_changes', { event: 'DELETE', schema: 'public', table }, (payload) => {
        const deletedId = (payload.old as { id?: string }).id;
        if (deletedId && isShown(deletedId)) changed(payload);
      });
    }
    channel.subscribe((status) => {
      // Changes made between the first fetch and the (re)subscription were not delivered: catch up once joined.
      if (status === 'SUBSCRIBED') refetch();
    });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [table, column, filterValue, enabled, followsNothing]);
}

type ShownRow = { id?: string };

/**
 * The rows a query shows: a row list, the pages of an infinite query, row
 * lists inside an object (a page with its total, e.g. `{ documents, total }`),
 * and rows embedded in rows (a contract's deadlines). A stray match (a keyset
 * cursor with an id) only costs a refetch.
 */
function shownRows(data: unknown): ShownRow[] {
  if (Array.isArray(data)) return data.flatMap((item: unknown) => (Array.isArray(item) ? shownRows(item) : isRecord(item) ? [item as ShownRow, ...embeddedRows(item)] : []));
  if (!isRecord(data)) return [];
  return embeddedRows(data);
}

function embeddedRows(record: Record<string, unknown>): ShownRow[] {
  return Object.values(record).flatMap((value) => (Array.isArray(value) ? shownRows(value) : []));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
