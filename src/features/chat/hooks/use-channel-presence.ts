import { useEffect, useState } from 'react';
import { supabase } from '@/lib/supabase';
import type { ChannelKey } from '@/features/chat/api/query-keys';

export interface OnlinePerson {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

/**
 * Who has the channel open: Realtime presence on the private topic
 * `tc-chat:<channel id|general>`, which only those who may read the channel
 * join (policies on realtime.messages, migration 20250621000400). Each person
 * is keyed by account id, so two tabs of one person count once.
 */
export function useChannelPresence(key: ChannelKey, me: OnlinePerson | null): OnlinePerson[] {
  const [online, setOnline] = useState<OnlinePerson[]>([]);
  const meId = me?.id;
  const meJson = JSON.stringify(me);

  useEffect(() => {
    if (!meId) return;
    const self = JSON.parse(meJson) as OnlinePerson;
    let cancelled = false;
    const channel = supabase.channel(`tc-chat:${key}`, { config: { private: true, presence: { key: meId } } });
    const sync = () => {
      const state = channel.presenceState<OnlinePerson>();
      setOnline(Object.values(state).map((metas) => metas[0]).filter(Boolean).sort((a, b) => (a.first_name ?? '').localeCompare(b.first_name ?? '')));
    };
    channel.on('presence', { event: 'sync' }, sync);
    // Private topics are authorised with the user's token, which realtime-js must hold before joining.
    void supabase.realtime.setAuth().then(() => {
      if (cancelled) return;
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') void channel.track(self);
      });
    });
    return () => {
      cancelled = true;
      setOnline([]);
      void supabase.removeChannel(channel);
    };
  }, [key, meId, meJson]);

  return online;
}
