import { useCallback, useSyncExternalStore } from 'react';

/** Remembered per browser, so the sidebar keeps its width across reloads. */
export const SIDEBAR_COLLAPSED_STORAGE_KEY = 'listingdesk:sidebar-collapsed';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    // Storage can be unavailable (privacy modes); the sidebar then starts wide.
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the setting follows too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIDEBAR_COLLAPSED_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSidebarCollapsed() {
  const collapsed = useSyncExternalStore(subscribe, read, () => false);
  const setCollapsed = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(SIDEBAR_COLLAPSED_STORAGE_KEY, String(next));
    } catch {
      // Storage unavailable: nothing to remember the choice in, so the sidebar stays as it is.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return { collapsed, setCollapsed, toggle: () => setCollapsed(!collapsed) };
}
