/**
 * The e-mail shown for an account is its sign-in's verified e-mail: derived
 * by the database from auth.users, not writable through the API, and changed
 * only through Auth's confirmed e-mail change.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';
import { followLink, latestMailTo, verifyLinkIn } from './auth-support.ts';

let admin: Actor, tc: Actor, agent: Actor;

beforeAll(async () => {
  admin = await createActor('MailAdmin', 'super_admin');
  tc = await createActor('MailCoord', 'tc');
  agent = await createActor('MailAgent', 'agent', { assignedTcId: tc.id });
});

const shownEmail = async (viewer: Actor, accountId: string) =>
  (await viewer.client.from('users').select('email').eq('id', accountId).single()).data?.email as string | undefined;

describe('account e-mail', () => {
  it('cannot be written through the API, by the owner or a super admin', async () => {
    const own = await agent.client.from('users').update({ email: admin.email }).eq('id', agent.id!);
    expect(own.status, "an agent cannot set their account's e-mail (no column privilege)").toBe(403);
    expect(own.error?.code, 'the refusal is a privilege error').toBe('42501');
    const byAdmin = await admin.client.from('users').update({ email: 'someone@else.test' }).eq('id', agent.id!);
    expect(byAdmin.status, 'a super admin cannot write it either').toBe(403);
    const mixed = await agent.client.from('users').update({ phone: '(512) 555-0199', email: admin.email }).eq('id', agent.id!);
    expect(mixed.status, 'an update that includes email is refused as a whole').toBe(403);
    expect(await shownEmail(tc, agent.id!), 'the coordinator still sees the verified address').toBe(agent.email);
  });

  it("of the coordinator's test agent profile is the sign-in's e-mail", async () => {
    const other = await tc.client.rpc('create_test_agent_profile', { profile_email: 'admin@listingdesk.test' });
    expect(other.status, 'another address for the test agent profile is refused (400)').toBe(400);
    expect(other.error?.message, 'the refusal says why').toMatch(/uses your sign-in e-mail/);
    const made = await tc.client.rpc('create_test_agent_profile', { profile_email: tc.email!.toUpperCase() });
    expect(made.error, "the sign-in's own address (any case) is accepted").toBeNull();
    expect(await shownEmail(tc, made.data as string), "the test agent profile shows the sign-in's e-mail").toBe(tc.email);
  });

  it('follows Auth only after the new address is confirmed', async () => {
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@mail.test`;
    const requested = await agent.client.auth.updateUser({ email: newEmail });
    expect(requested.error, 'the agent asks Auth to change their e-mail').toBeNull();
    expect(await shownEmail(tc, agent.id!), 'before confirmation teammates still see the old address').toBe(agent.email);

    const { status } = await followLink(verifyLinkIn(await latestMailTo(newEmail)));
    expect(status, 'the confirmation link is followed').toBe(303);
    expect(await shownEmail(tc, agent.id!), 'after confirmation teammates see the new address').toBe(newEmail);
    expect(await shownEmail(agent, agent.id!), 'and so does the agent').toBe(newEmail);
  });

  it('of every seeded account equals its sign-in e-mail', async () => {
    const mismatched = await withDb(async (db) =>
      (await db.query(`select u.email, a.email as sign_in from public.users u join auth.users a on a.id = u.auth_user_id where u.email is distinct from a.email`)).rows);
    expect(mismatched, 'no account shows an address other than its sign-in e-mail').toEqual([]);
    const olivia = await withDb(async (db) =>
      (await db.query(`select email from public.users where id = 'a0000000-0000-4000-8000-000000000010'`)).rows);
    expect(olivia, "Olivia's seeded test agent profile shows her sign-in e-mail").toEqual([{ email: 'olivia.chen@listingdesk.test' }]);
  });
});
