import { personSearchFilters } from '@/lib/person-search';

/** Rows per page of the agent lists; 'Show more' asks for the next page. */
export const AGENT_PAGE_SIZE = 25;

/** What an agent list is asked for: the search box's text and how many rows to show. */
export interface AgentListParams {
  search: string;
  limit: number;
}

/** One row of an agent list (name, e-mail, avatar: all the assignment lists show). */
export interface AgentSummary {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  profile_image_url: string | null;
  /** The coordinator's own test agent profile (agent_overview only). */
  is_test_profile?: boolean | null;
}

/** A page of an agent list and the total it was cut from (the '(n)' of the heading). */
export interface AgentPage {
  agents: AgentSummary[];
  total: number;
}

interface SearchablePagedQuery<Q> {
  or(filters: string): Q;
  range(from: number, to: number): Q;
}

/**
 * Applies the search box (in the database, each word against name and e-mail)
 * and the page size to a PostgREST query of people.
 */
export function searchAndPage<Q extends SearchablePagedQuery<Q>>(query: Q, { search, limit }: AgentListParams): Q {
  let filtered = query;
  for (const filter of personSearchFilters(search)) filtered = filtered.or(filter);
  return filtered.range(0, Math.max(limit, 1) - 1);
}
