import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const DASHBOARD_TABS = ['listings', 'tasks', 'activity'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

const asTab = (value: string | null): DashboardTab => ((DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'listings');

/**
 * The dashboard's selection lives in the address (`?agent=…&listing=…&tab=…`),
 * so reload, back and shared links show the same agent, listing and tab.
 * Choosing an agent is a new history entry (Back returns to the grid); a
 * listing or tab replaces the current one.
 */
export function useDashboardSelection() {
  const [params, setParams] = useSearchParams();
  const agentId = params.get('agent');
  const listingId = params.get('listing');
  const tab = asTab(params.get('tab'));

  const update = useCallback(
    (changes: Record<string, string | null>, replace: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return {
    agentId,
    listingId,
    tab,
    selectAgent: useCallback((id: string | null) => update({ agent: id, listing: null, tab: null }, false), [update]),
    selectListing: useCallback((id: string | null) => update({ listing: id }, true), [update]),
    selectTab: useCallback((value: string) => update({ tab: asTab(value) }, true), [update]),
  };
}
