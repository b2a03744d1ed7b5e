/**
 * Every refusal of a database function (and of the triggers behind REST
 * writes) answers with a 4xx status and a clear message, never 500 (issue 9,
 * item 5): not allowed 403, unknown id 404, bad input 400, conflict 409.
 * Each call goes through supabase-js (PostgREST over HTTP); the test checks
 * the HTTP status and the message the app shows.
 */
import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, tc1: Actor, tc2: Actor, agentA: Actor, agentB: Actor;
let listingA: string, openTask: string;

const unknown = () => crypto.randomUUID();

async function expectRefusal(client: SupabaseClient, fn: string, args: Record<string, unknown>, status: number, message: string) {
  const res = await client.rpc(fn, args);
  expect({ status: res.status, message: res.error?.message }, `${fn}(${JSON.stringify(args)}) answers ${status} "${message}"`).toEqual({ status, message });
}

beforeAll(async () => {
  admin = await createActor('ErrAdmin', 'super_admin');
  tc1 = await createActor('ErrCoord1', 'tc');
  tc2 = await createActor('ErrCoord2', 'tc');
  agentA = await createActor('ErrAgentA', 'agent', { assignedTcId: tc1.id });
  agentB = await createActor('ErrAgentB', 'agent', { assignedTcId: tc2.id });
  await withDb(async (db) => {
    listingA = await insertRow(db, 'listings', { address: '1 Status Code Way', agent_id: agentA.id, tc_id: tc1.id });
    openTask = await insertRow(db, 'tasks', { listing_id: listingA, assigned_to_id: agentA.id, created_by_id: tc1.id, title: 'Send the survey' });
  });
});

describe('account functions', () => {
  it('complete_onboarding: unknown or foreign invitation 404, used invitation 409, missing names 400', async () => {
    const foreign = await withDb((db) => insertRow(db, 'invitations', { email: `someone-${unknown().slice(0, 6)}@rls.test`, role: 'agent', invited_by: admin.id }));
    const used = await withDb((db) =>
      insertRow(db, 'invitations', { email: agentA.email, role: 'tc', invited_by: admin.id, used: true, used_at: new Date().toISOString() }));
    await expectRefusal(agentA.client, 'complete_onboarding', { invitation_id: unknown(), first_name: 'A', last_name: 'B' }, 404, 'invitation not found');
    await expectRefusal(agentA.client, 'complete_onboarding', { invitation_id: foreign, first_name: 'A', last_name: 'B' }, 404, 'invitation not found');
    await expectRefusal(agentA.client, 'complete_onboarding', { invitation_id: used, first_name: 'A', last_name: 'B' }, 409, 'this invitation has already been used');
    await expectRefusal(agentA.client, 'complete_onboarding', { invitation_id: used, first_name: ' ', last_name: 'B' }, 400, 'first and last name are required');
  });

  it('assign_agent / unassign_agent: unknown 404, another coordinator\'s agent 403, already yours 409', async () => {
    await expectRefusal(tc1.client, 'assign_agent', { agent_id: unknown() }, 404, 'agent not found');
    await expectRefusal(tc1.client, 'assign_agent', { agent_id: agentB.id }, 403, 'agent is assigned to another coordinator');
    await expectRefusal(tc1.client, 'assign_agent', { agent_id: agentA.id }, 409, 'agent is already assigned to you');
    await expectRefusal(agentA.client, 'assign_agent', { agent_id: agentA.id, tc_id: tc2.id }, 403, 'only coordinators assign agents to themselves');
    await expectRefusal(admin.client, 'assign_agent', { agent_id: agentA.id, tc_id: agentB.id }, 404, 'coordinator not found');
    await expectRefusal(tc1.client, 'unassign_agent', { agent_id: unknown() }, 404, 'agent not found');
    await expectRefusal(tc1.client, 'unassign_agent', { agent_id: agentB.id }, 403, 'not your agent');
  });

  it('delete_user: unknown 404, not a super admin 403, own account 409', async () => {
    await expectRefusal(admin.client, 'delete_user', { account_id: unknown() }, 404, 'user not found');
    await expectRefusal(tc1.client, 'delete_user', { account_id: agentA.id }, 403, 'super admin access required');
    await expectRefusal(admin.client, 'delete_user', { account_id: admin.id }, 409, 'you cannot delete the account you are using');
  });

  it('switch_account, switch_role, create_test_agent_profile: 404 / 403 / 409', async () => {
    await expectRefusal(agentA.client, 'switch_account', { account_id: unknown() }, 404, 'account not found');
    await expectRefusal(agentA.client, 'switch_account', { account_id: agentB.id }, 403, 'not one of your accounts');
    await expectRefusal(agentA.client, 'switch_role', { target: 'tc' }, 403, 'the role switcher is not available for this account');
    await expectRefusal(agentA.client, 'create_test_agent_profile', {}, 403, 'only coordinators have a test agent profile');
    expect((await tc2.client.rpc('create_test_agent_profile', {})).error, 'a coordinator creates their test agent profile').toBeNull();
    await expectRefusal(tc2.client, 'create_test_agent_profile', {}, 409, 'this sign-in already has an agent account');
  });
});

describe('listing, message and task functions', () => {
  it("set_listing_status: unknown or another team's 404, the listing's agent 403, unknown status 400", async () => {
    await expectRefusal(admin.client, 'set_listing_status', { listing_id: unknown(), new_status: 'live' }, 404, 'listing not found');
    await expectRefusal(tc1.client, 'set_listing_status', { listing_id: unknown(), new_status: 'live' }, 404, 'listing not found');
    // Another team's listing answers as an unknown one (issue 51 item 10: no existence leak).
    await expectRefusal(tc2.client, 'set_listing_status', { listing_id: listingA, new_status: 'live' }, 404, 'listing not found');
    await expectRefusal(agentA.client, 'set_listing_status', { listing_id: listingA, new_status: 'live' }, 403, "only the listing's coordinator changes its status");
    await expectRefusal(tc1.client, 'set_listing_status', { listing_id: listingA, new_status: 'sold' }, 400, 'status must be incomplete, ready, live, under_contract or closed');
  });

  it('mark_messages_read: unknown 404, not on the listing 403', async () => {
    await expectRefusal(agentA.client, 'mark_messages_read', { listing_id: unknown() }, 404, 'listing not found');
    await expectRefusal(agentB.client, 'mark_messages_read', { listing_id: listingA }, 403, 'not your listing');
  });

  it('task functions: unknown 404, not yours 403, empty answer 400, wrong state 409', async () => {
    await expectRefusal(agentA.client, 'respond_to_task', { task_id: unknown(), response: 'done' }, 404, 'task not found');
    await expectRefusal(agentB.client, 'respond_to_task', { task_id: openTask, response: 'done' }, 403, 'not your task');
    await expectRefusal(agentA.client, 'respond_to_task', { task_id: openTask, response: '  ' }, 400, 'a response is required');
    await expectRefusal(agentA.client, 'mark_task_read', { task_id: unknown() }, 404, 'task not found');
    await expectRefusal(agentB.client, 'mark_task_read', { task_id: openTask }, 403, 'not your task');
    await expectRefusal(tc1.client, 'set_task_completed', { task_id: unknown(), completed: true }, 404, 'task not found');
    await expectRefusal(tc2.client, 'set_task_completed', { task_id: openTask, completed: true }, 403, "only the listing's coordinator manages its tasks");
    await expectRefusal(tc1.client, 'resend_task', { task_id: unknown() }, 404, 'task not found');
    await expectRefusal(tc2.client, 'resend_task', { task_id: openTask }, 403, "only the listing's coordinator manages its tasks");
    await expectRefusal(tc1.client, 'resend_task', { task_id: openTask }, 409, 'only a responded, open task can be resent');
  });
});

describe('trigger refusals behind REST writes', () => {
  it('guarded listing and account columns answer 403 with the rule', async () => {
    const live = await agentA.client.from('listings').insert({ address: '2 Status Code Way', agent_id: agentA.id, status: 'live' });
    expect({ status: live.status, message: live.error?.message }, 'a new listing cannot start live')
      .toEqual({ status: 403, message: 'a new listing starts incomplete; the coordinator changes status' });
    const steal = await agentA.client.from('listings').update({ tc_id: tc2.id }).eq('id', listingA);
    expect({ status: steal.status, message: steal.error?.message }, 'the agent cannot move her listing to another coordinator')
      .toEqual({ status: 403, message: 'status, agent_id and tc_id change only through functions' });
  });
});
