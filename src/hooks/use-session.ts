import type { Session } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import { syncApiSessionCookie } from '@/lib/api-session-cookie';
import { supabase } from '@/lib/supabase';

interface SessionState {
  session: Session | null;
  /** True until supabase-js has restored (or failed to restore) the stored session. */
  isLoading: boolean;
}

/*
 * One subscription for the whole app: supabase-js emits INITIAL_SESSION once
 * the stored session is restored, then SIGNED_IN / TOKEN_REFRESHED / SIGNED_OUT.
 * Token refresh itself is left to supabase-js.
 */
let state: SessionState = { session: null, isLoading: true };
const listeners = new Set<() => void>();
let subscribed = false;

function ensureSubscribed() {
  if (subscribed) return;
  subscribed = true;
  supabase.auth.onAuthStateChange((_event, session) => {
    state = { session, isLoading: false };
    syncApiSessionCookie(session);
    listeners.forEach((listener) => listener());
  });
}

function subscribe(listener: () => void) {
  ensureSubscribed();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Resolves once the stored session is restored (refreshing it if expired).
 * The router awaits this before the first render, so `/` never flashes the
 * landing page for a signed-in person or the app for a signed-out one.
 */
export async function loadSession(): Promise<Session | null> {
  ensureSubscribed();
  const { data } = await supabase.auth.getSession();
  if (state.isLoading) {
    state = { session: data.session, isLoading: false };
    listeners.forEach((listener) => listener());
  }
  return state.session;
}

function getSnapshot() {
  return state;
}

/** The Supabase session, following onAuthStateChange. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
