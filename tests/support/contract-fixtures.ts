/**
 * Teams, listings and contracts for the tests of the deadline jobs and the
 * calendar feed: people are real sign-ins (seed-rls-actors.ts), listings are
 * arranged with SQL as elsewhere, contracts and custom deadlines are recorded
 * through the API by the people themselves, as the Contract tab does.
 */
import { expect } from 'vitest';
import { withDb } from './clients.ts';
import { createActor, insertRow, type Actor } from './seed-rls-actors.ts';

export interface Team {
  coordinator: Actor;
  agent: Actor;
}

/** A coordinator and one agent assigned to them. */
export async function createTeam(prefix: string): Promise<Team> {
  const coordinator = await createActor(`${prefix}Coord`, 'tc');
  const agent = await createActor(`${prefix}Agent`, 'agent', { assignedTcId: coordinator.id });
  return { coordinator, agent };
}

/** A live listing of the team's agent, coordinated by the team's coordinator. */
export function listingOf(team: Team, address: string): Promise<string> {
  return withDb((db) => insertRow(db, 'listings', { address, agent_id: team.agent.id, tc_id: team.coordinator.id, status: 'live' }));
}

/** A contract recorded through the API by `actor` (the listing's agent or coordinator). */
export async function recordContract(actor: Actor, listingId: string, fields: Record<string, unknown>): Promise<string> {
  const { data, error } = await actor.client.from('contracts').insert({ listing_id: listingId, ...fields }).select('id').single();
  expect(error, `${actor.key} records a contract on ${listingId}`).toBeNull();
  return data!.id as string;
}

/** A custom deadline added through the API (as the Contract tab's "Add deadline"). */
export async function addDeadline(actor: Actor, contractId: string, label: string, dueAt: Date): Promise<string> {
  const { data, error } = await actor.client
    .from('contract_deadlines')
    .insert({ contract_id: contractId, label, due_at_override: dueAt.toISOString() })
    .select('id')
    .single();
  expect(error, `${actor.key} adds the deadline "${label}"`).toBeNull();
  return data!.id as string;
}

/** Marks a deadline done or waived through the API. */
export async function setDeadlineStatus(actor: Actor, deadlineId: string, status: 'done' | 'waived'): Promise<void> {
  const { error } = await actor.client.from('contract_deadlines').update({ status }).eq('id', deadlineId);
  expect(error, `${actor.key} marks the deadline ${status}`).toBeNull();
}
