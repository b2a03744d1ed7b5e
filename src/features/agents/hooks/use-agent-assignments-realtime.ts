import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { agentKeys } from '@/features/agents/api/query-keys';
import { supabase } from '@/lib/supabase';

/** What the database broadcasts on every change of an agent's coordinator (migration 20250614000300). */
export interface AssignmentChange {
  agent_id: string;
  assigned_tc_id: string | null;
  previous_tc_id: string | null;
}

type Listener = { change: (change: AssignmentChange) => void; joined: () => void };

/**
 * One shared subscription for the whole app: realtime-js hands out a single
 * channel per topic, and the private topic's name is fixed (RLS on
 * realtime.messages authorises it by name), so every hook instance listens
 * through the same channel. Teardown waits a moment so that a remount (React
 * strict mode, moving between two screens that both follow assignments) reuses
 * the joined channel instead of racing its leave.
 */
const listeners = new Set<Listener>();
let channel: ReturnType<typeof supabase.channel> | undefined;
let teardown: ReturnType<typeof setTimeout> | undefined;

async function ensureChannel() {
  if (channel) return;
  channel = supabase.channel('agent-assignments', { config: { private: true } });
  const current = channel;
  // Private channels are authorised with the user's token, which realtime-js must send when joining.
  await supabase.realtime.setAuth();
  if (channel !== current) return;
  current.on('broadcast', { event: 'assignment_changed' }, ({ payload }) => listeners.forEach((l) => l.change(payload as AssignmentChange)));
  current.subscribe((status) => {
    if (status === 'SUBSCRIBED') listeners.forEach((l) => l.joined());
  });
}

function release() {
  if (listeners.size > 0 || !channel) return;
  const closing = channel;
  channel = undefined;
  void supabase.removeChannel(closing);
}

/**
 * Follows the private Realtime topic `agent-assignments` (coordinators and super
 * admins may join) and refreshes every agent list when any coordinator assigns
 * or unassigns an agent. Postgres Changes on `users` cannot do this: the
 * coordinator who loses an agent no longer passes RLS for the changed row and
 * would never hear of it.
 */
export function useAgentAssignmentsRealtime({ enabled = true, onChange }: { enabled?: boolean; onChange?: (change: AssignmentChange) => void } = {}) {
  const queryClient = useQueryClient();
  const refetch = useEffectEvent(() => void queryClient.invalidateQueries({ queryKey: agentKeys.all }));
  const changed = useEffectEvent((change: AssignmentChange) => {
    refetch();
    onChange?.(change);
  });

  useEffect(() => {
    if (!enabled) return;
    // Assignments made before the (re)join were not heard: catch up once joined.
    const listener: Listener = { change: (c) => changed(c), joined: () => refetch() };
    listeners.add(listener);
    clearTimeout(teardown);
    void ensureChannel();
    return () => {
      listeners.delete(listener);
      clearTimeout(teardown);
      teardown = setTimeout(release, 1000);
    };
  }, [enabled]);
}
