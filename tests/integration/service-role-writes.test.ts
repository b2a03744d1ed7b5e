/**
 * The service role (Edge Functions, scripts, integrations with the secret key)
 * writes through the same triggers as the app: the helpers those triggers call
 * must be executable by it, or every platform-side write of a table fails with
 * "permission denied for function …" (found when a test inserted listings with
 * the service client). Each write below goes through REST as service_role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

describe('service role writes through the triggers', () => {
  const service = serviceClient();
  let tc: Actor;
  let agent: Actor;
  let listingId = '';

  beforeAll(async () => {
    tc = await createActor('ServiceTc', 'tc');
    agent = await createActor('ServiceAgent', 'agent', { assignedTcId: tc.id });
  });

  afterAll(async () => {
    if (listingId) await service.from('listings').delete().eq('id', listingId);
  });

  it('inserts a listing and the trigger still derives its coordinator', async () => {
    const { data, error } = await service.from('listings').insert({ agent_id: agent.id, address: '1 Service Road' }).select('id, tc_id, status').single();
    expect(error, 'the service role may insert a listing').toBeNull();
    expect(data?.tc_id, "the listing takes the agent's coordinator").toBe(tc.id);
    listingId = data!.id;
  });

  it('writes the listing-scoped tables a platform call writes', async () => {
    const writes: Record<string, Record<string, unknown>> = {
      notes: { listing_id: listingId, user_id: agent.id, content: 'Service note' },
      messages: { listing_id: listingId, sender_id: tc.id, content: 'Service message' },
      tasks: { listing_id: listingId, assigned_to_id: agent.id, created_by_id: tc.id, title: 'Service task' },
      tc_responses: { listing_id: listingId, tc_id: tc.id, agent_id: agent.id, response_type: 'note', content: 'Service response' },
      notifications: { user_id: agent.id, type: 'other', title: 'Service notification', content: 'From a platform call' },
    };
    for (const [table, row] of Object.entries(writes)) {
      const { error } = await service.from(table).insert(row).select('id').single();
      expect(error, `the service role may insert into ${table}`).toBeNull();
    }
    const { error } = await service.from('listings').update({ seller_name: 'Service Seller', status: 'ready' }).eq('id', listingId);
    expect(error, 'the service role may update a listing, status included').toBeNull();
  });
});
