/**
 * What every cross-listing deadline list shows per row: the deadline, its
 * contract's zone and the listing's address and agent. Its own module, so
 * the agent dashboard's card takes these columns without the Deadlines
 * screen's paging code.
 */
export const DEADLINE_LIST_COLUMNS =
  'id, contract_id, listing_id, key, label, due_at, computed_due_at, due_at_override, is_custom, status, listing_agent_id, contract:contracts(time_zone, form, listing:listings(address, agent:users!listings_agent_id_fkey(first_name, last_name)))' as const;
