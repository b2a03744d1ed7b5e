import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets (or, with null, removes) one query parameter of the address, replacing
 * the history entry: filters and open panels kept in the address survive a
 * reload and can be shared, without a Back step per change.
 */
export function useSearchParamSetter(): (name: string, value: string | null) => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (name, value) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
}
