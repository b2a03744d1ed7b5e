import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so countdowns ('due today
 * 5:00 PM' → 'overdue since 5:00 PM'), groups and relative dates ('5 minutes
 * ago') move on while a screen stays open.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
