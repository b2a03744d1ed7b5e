import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so relative dates ('5 minutes ago') move on while the history stays open. */
export function useClock(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
