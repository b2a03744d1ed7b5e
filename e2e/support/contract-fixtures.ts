/**
 * Data helpers for the contract browser tests: listings of the test's own
 * (so seeded listings other tests expect keep their status), contracts
 * recorded through the API as a given person (so the database computes
 * their deadlines as it does for the screens), and calendar dates relative
 * to today where the property is.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { StackInfo } from '../../tests/support/throwaway-stack.ts';
import { query } from './listing-fixtures.ts';

/** A new listing of the agent with this e-mail (their coordinator becomes its tc_id, as for any listing). */
export async function createListing(stack: StackInfo, agentEmail: string, address: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    stack,
    `insert into public.listings (address, seller_name, listing_price, status, agent_id)
     select $2, 'Contract Test Seller', '$500,000', 'live', u.id from public.users u where u.email = $1 and u.role = 'agent'
     returning id`,
    [agentEmail, address],
  );
  if (!row) throw new Error(`no agent account for ${agentEmail}`);
  return row.id;
}

/** YYYY-MM-DD of today plus `offsetDays` on the wall calendar of `zone` (America/Chicago for TREC). */
export function dayInZone(offsetDays: number, zone = 'America/Chicago'): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** Records an active contract through the REST API as the person `client` is signed in as (clientAs), returning its id. */
export async function recordContract(client: SupabaseClient, listingId: string, facts: Record<string, unknown>): Promise<string> {
  const { data, error } = await client
    .from('contracts')
    .insert({ listing_id: listingId, time_zone: '', ...facts })
    .select('id')
    .single();
  if (error) throw new Error(`recording a contract failed: ${error.message}`);
  return (data as { id: string }).id;
}

