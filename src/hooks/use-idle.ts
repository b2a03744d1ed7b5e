import { useEffect, useState } from 'react';

let reached = false;

/**
 * False until the browser first has an idle moment after start-up, then true
 * for good (later mounts start true). Code nobody needs for the first screen
 * (the collapsed sidebar's tooltips) loads then, after
 * the screen's own download.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(reached);
  useEffect(() => {
    if (idle) return;
    const done = () => {
      reached = true;
      setIdle(true);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 300);
    return () => clearTimeout(id);
  }, [idle]);
  return idle;
}
