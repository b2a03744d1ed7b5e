import { describe, expect, it } from 'vitest';
import { adminConsole, can, canChooseTeam, chat, contracts, isSuperAdmin, ownTeamId, type Viewer } from '@/lib/permissions';

const agent: Viewer = { id: 'agent-1', role: 'agent', originalRole: null };
const otherAgent: Viewer = { id: 'agent-2', role: 'agent', originalRole: null };
const tc: Viewer = { id: 'tc-1', role: 'tc', originalRole: null };
const admin: Viewer = { id: 'admin-1', role: 'super_admin', originalRole: null };
/** A super admin using the role switcher to see the agent's screens keeps super-admin rights (private.is_super_admin). */
const adminAsAgent: Viewer = { id: 'admin-1', role: 'agent', originalRole: 'super_admin' };

const listing = { agent_id: agent.id, tc_id: tc.id };

describe('isSuperAdmin', () => {
  it('follows private.is_super_admin(): role or original role', () => {
    expect(isSuperAdmin(admin), 'a super_admin account is a super admin').toBe(true);
    expect(isSuperAdmin(adminAsAgent), 'a super admin switched to another role keeps the rights').toBe(true);
    expect(isSuperAdmin(tc), 'a coordinator is not a super admin').toBe(false);
    expect(isSuperAdmin(null), 'nobody signed in is not a super admin').toBe(false);
  });
});

describe('listings', () => {
  it('status selector: only a tc (spec part 1 §6); the super admin sees the badge', () => {
    expect(can.changeListingStatus(tc), 'the coordinator changes status').toBe(true);
    expect(can.changeListingStatus(admin), 'a super admin sees the read-only badge').toBe(false);
    expect(can.changeListingStatus(adminAsAgent), 'a super admin switched to the agent view sees the badge').toBe(false);
    expect(can.changeListingStatus({ ...admin, role: 'tc', originalRole: 'super_admin' }), 'a super admin switched to the TC view uses the selector').toBe(true);
    expect(can.changeListingStatus(agent), 'the agent does not change status').toBe(false);
  });

  it('edit (and so photos): the listing agent or a super admin', () => {
    expect(can.editListing(agent, listing), "the listing's agent edits it").toBe(true);
    expect(can.editListing(admin, listing), 'a super admin edits it').toBe(true);
    expect(can.editListing(tc, listing), 'the coordinator does not edit the row').toBe(false);
    expect(can.editListing(otherAgent, listing), 'another agent does not edit it').toBe(false);
  });

  it('delete: its agent, the coordinator named by tc_id, or a super admin', () => {
    expect(can.deleteListing(agent, listing), "the listing's agent deletes it").toBe(true);
    expect(can.deleteListing(tc, listing), 'the coordinator named by tc_id deletes it').toBe(true);
    expect(can.deleteListing({ ...tc, id: 'tc-2' }, listing), 'a coordinator not named by tc_id does not').toBe(false);
    expect(can.deleteListing(admin, listing), 'a super admin deletes it').toBe(true);
    expect(can.deleteListing(otherAgent, listing), 'another agent does not').toBe(false);
  });

  it('create: agents for themselves, coordinators for their agents, super admins for anyone (check_listing_agent)', () => {
    expect(can.createListing(agent), 'an agent creates listings').toBe(true);
    expect(can.createListing(admin), 'a super admin creates listings').toBe(true);
    expect(can.createListing(tc), 'a coordinator creates listings for their agents').toBe(true);
    expect(can.chooseListingAgent(tc), "a coordinator chooses the listing's agent").toBe(true);
    expect(can.chooseListingAgent(admin), "a super admin chooses the listing's agent").toBe(true);
    expect(can.chooseListingAgent(agent), 'an agent lists only for themselves, no choice').toBe(false);
  });
});

describe('agent assignments', () => {
  it('coordinators and super admins manage assignments; only super admins for another coordinator', () => {
    expect(can.manageAgentAssignments(tc), 'a coordinator assigns agents to themselves').toBe(true);
    expect(can.manageAgentAssignments(admin), 'a super admin manages assignments').toBe(true);
    expect(can.manageAgentAssignments(agent), 'an agent does not').toBe(false);
    expect(can.assignToOtherCoordinator(admin), 'a super admin names the coordinator').toBe(true);
    expect(can.assignToOtherCoordinator(tc), 'a coordinator assigns only to themselves').toBe(false);
  });

  it('unassign: the agent\'s own coordinator or a super admin (unassign_agent)', () => {
    expect(can.unassignAgent(tc, { assigned_tc_id: tc.id }), 'the coordinator releases their agent').toBe(true);
    expect(can.unassignAgent(tc, { assigned_tc_id: 'tc-2' }), "not another coordinator's agent").toBe(false);
    expect(can.unassignAgent(admin, { assigned_tc_id: 'tc-2' }), 'a super admin releases anyone').toBe(true);
    expect(can.unassignAgent(agent, { assigned_tc_id: agent.id }), 'an agent does not').toBe(false);
  });
});

describe('notes', () => {
  const tcNote = { user_id: tc.id };
  it('edit: only the author, not even a super admin', () => {
    expect(can.editNote(tc, tcNote), 'the author edits').toBe(true);
    expect(can.editNote(agent, tcNote), 'someone else does not').toBe(false);
    expect(can.editNote(admin, tcNote), "a super admin does not edit others' notes").toBe(false);
  });
  it('delete: only the author (spec part 1 §6), not even a super admin', () => {
    expect(can.deleteNote(tc, tcNote), 'the author deletes').toBe(true);
    expect(can.deleteNote(admin, tcNote), "a super admin does not delete others' notes").toBe(false);
    expect(can.deleteNote(agent, tcNote), 'someone else does not').toBe(false);
    expect(can.deleteNote(admin, { user_id: null }), "nobody deletes a deleted author's note").toBe(false);
  });
});

describe('documents', () => {
  it("delete: the uploader, the listing's agent or a super admin", () => {
    const byTc = { uploaded_by: tc.id };
    expect(can.deleteDocument(tc, byTc, listing), 'the uploader deletes').toBe(true);
    expect(can.deleteDocument(agent, byTc, listing), "the listing's agent deletes others' uploads").toBe(true);
    expect(can.deleteDocument(admin, byTc, listing), 'a super admin deletes').toBe(true);
    expect(can.deleteDocument(tc, { uploaded_by: agent.id }, listing), "the coordinator does not delete the agent's upload").toBe(false);
  });
});

describe('tasks', () => {
  const open = { assigned_to_id: agent.id, agent_response: 'Done', status: 'pending' };
  it('create and complete: the coordinator or a super admin', () => {
    for (const rule of [can.createTask, can.completeTask]) {
      expect(rule(tc), 'the coordinator manages tasks').toBe(true);
      expect(rule(admin), 'a super admin manages tasks').toBe(true);
      expect(rule(agent), 'the agent does not').toBe(false);
    }
  });
  it('resend: the coordinator or a super admin, for a responded task still open (resend_task)', () => {
    expect(can.resendTask(tc, open), 'a responded open task can be resent').toBe(true);
    expect(can.resendTask(admin, open), 'a super admin resends').toBe(true);
    expect(can.resendTask(tc, { ...open, agent_response: null }), 'a task without a response is not resent').toBe(false);
    expect(can.resendTask(tc, { ...open, status: 'completed' }), 'a completed task is not resent').toBe(false);
    expect(can.resendTask(agent, open), 'the agent does not resend').toBe(false);
  });
  it('respond: only the assignee (respond_to_task, mark_task_read)', () => {
    expect(can.respondToTask(agent, open), 'the assignee responds').toBe(true);
    expect(can.respondToTask(otherAgent, open), 'another agent does not').toBe(false);
    expect(can.respondToTask(tc, open), 'the coordinator does not').toBe(false);
  });
});

describe('smart reminders', () => {
  it('coordinators and super admins (smart-reminders function)', () => {
    expect(can.seeSmartReminders(tc), 'a coordinator sees them').toBe(true);
    expect(can.seeSmartReminders(adminAsAgent), 'a switched super admin sees them').toBe(true);
    expect(can.seeSmartReminders(agent), 'an agent does not').toBe(false);
  });
});

describe('profile', () => {
  it('MLS password: only the account itself reveals it (get_mls_password acts on the active account)', () => {
    expect(can.revealMlsPassword(agent, { id: agent.id }), 'the owner reveals their own').toBe(true);
    expect(can.revealMlsPassword(otherAgent, { id: agent.id }), 'another agent does not').toBe(false);
    expect(can.revealMlsPassword(tc, { id: agent.id }), 'the coordinator does not').toBe(false);
    expect(can.revealMlsPassword(admin, { id: agent.id }), 'not even a super admin').toBe(false);
  });
});

describe('AI assistant', () => {
  it('coordinators and super admins use it; agents see the coming-soon notice', () => {
    expect(can.accessAiAssistant(tc), 'a coordinator uses it').toBe(true);
    expect(can.accessAiAssistant(admin), 'a super admin uses it').toBe(true);
    expect(can.accessAiAssistant(adminAsAgent), 'a super admin on the agent view keeps it').toBe(true);
    expect(can.accessAiAssistant(agent), 'an agent does not').toBe(false);
  });
});

describe('notifications', () => {
  const own = { user_id: agent.id };
  it('mark read: the owner only, not even a super admin for someone else (policy "Users can mark their notifications read")', () => {
    expect(can.markNotificationRead(agent, own), 'the owner marks it read').toBe(true);
    expect(can.markNotificationRead(admin, own), 'a super admin does not mark another inbox read').toBe(false);
    expect(can.markNotificationRead(otherAgent, own), 'another agent does not').toBe(false);
  });
  it('delete: the owner or a super admin', () => {
    expect(can.deleteNotification(agent, own), 'the owner deletes it').toBe(true);
    expect(can.deleteNotification(adminAsAgent, own), 'a switched super admin deletes it').toBe(true);
    expect(can.deleteNotification(tc, own), 'a coordinator does not delete an agent’s notification').toBe(false);
  });
});

describe('team documents', () => {
  const teamDocument = { uploaded_by: agent.id, team_tc_id: tc.id };

  it("delete: the uploader, the team's coordinator or a super admin, not a teammate", () => {
    expect(can.deleteTeamDocument(agent, teamDocument), 'the uploader deletes it').toBe(true);
    expect(can.deleteTeamDocument(tc, teamDocument), "the team's coordinator deletes it").toBe(true);
    expect(can.deleteTeamDocument(admin, teamDocument), 'a super admin deletes it').toBe(true);
    expect(can.deleteTeamDocument(otherAgent, teamDocument), "a teammate does not delete another's upload").toBe(false);
    expect(can.deleteTeamDocument({ ...tc, id: 'tc-2' }, teamDocument), "another team's coordinator does not").toBe(false);
  });
});

describe('teams (team messages and documents)', () => {
  it('own team as private.current_team_id(): a coordinator\'s own id, an agent\'s coordinator, none without one', () => {
    expect(ownTeamId({ ...tc, assignedTcId: null }), 'a coordinator leads their own team').toBe(tc.id);
    expect(ownTeamId({ ...agent, assignedTcId: tc.id }), "an agent's team is their coordinator's").toBe(tc.id);
    expect(ownTeamId({ ...agent, assignedTcId: null }), 'an unassigned agent has no team').toBeNull();
    expect(ownTeamId({ ...admin, assignedTcId: null }), 'a super admin has no team of their own').toBeNull();
    expect(ownTeamId({ ...adminAsAgent, assignedTcId: tc.id }), 'a switched super admin still names a team (team_for_new_item)').toBeNull();
  });
  it('only a super admin chooses the team (private.team_for_new_item)', () => {
    expect(canChooseTeam(admin), 'a super admin names a coordinator').toBe(true);
    expect(canChooseTeam(adminAsAgent), 'also while switched').toBe(true);
    expect(canChooseTeam(tc), 'a coordinator posts only to their own team').toBe(false);
    expect(canChooseTeam(agent), 'an agent posts only to their own team').toBe(false);
  });
});

describe('chat', () => {
  const otherTc: Viewer = { id: 'tc-2', role: 'tc', originalRole: null };
  const created = { created_by_id: tc.id, myRole: 'admin' };
  const joined = { created_by_id: tc.id, myRole: 'member' };

  it('team chat is for coordinators and super admins (policy on tc_team_messages)', () => {
    expect(chat.use(tc), 'a coordinator uses the chat').toBe(true);
    expect(chat.use(adminAsAgent), 'a switched super admin uses the chat').toBe(true);
    expect(chat.use(agent), 'agents never see coordinator chat').toBe(false);
  });

  it('members are managed and messages pinned by the creator, channel admins and super admins', () => {
    expect(chat.manageMembers(tc, created), 'the creator invites').toBe(true);
    expect(chat.manageMembers(otherTc, joined), 'a plain member does not').toBe(false);
    expect(chat.manageMembers(otherTc, { created_by_id: tc.id, myRole: 'admin' }), 'a channel admin invites').toBe(true);
    expect(chat.pin(otherTc, joined), 'a plain member does not pin').toBe(false);
    expect(chat.pin(tc, created), 'the creator pins').toBe(true);
    expect(chat.pin(tc, null), 'nobody but a super admin pins in general').toBe(false);
    expect(chat.pin(admin, null), 'a super admin pins in general').toBe(true);
  });

  it('only senders edit; senders and super admins delete; members leave', () => {
    const message = { sender_id: tc.id };
    expect(chat.editMessage(tc, message), 'the sender edits').toBe(true);
    expect(chat.editMessage(admin, message), 'the chat offers editing to the sender only').toBe(false);
    expect(chat.deleteMessage(admin, message), 'a super admin deletes').toBe(true);
    expect(chat.deleteMessage(otherTc, message), 'another coordinator does not').toBe(false);
    expect(chat.leave(joined), 'a member leaves').toBe(true);
    expect(chat.leave({ created_by_id: tc.id, myRole: null }), 'a non-member has nothing to leave').toBe(false);
  });
});

describe('admin console', () => {
  const superAdmin: Viewer = { id: 'admin', role: 'super_admin', originalRole: null };
  const switched: Viewer = { id: 'switcher', role: 'agent', originalRole: 'super_admin' };
  const tc: Viewer = { id: 'tc', role: 'tc', originalRole: null };
  const future = new Date(Date.now() + 86_400_000).toISOString();
  const past = new Date(Date.now() - 1000).toISOString();

  it('opens to super admins, also while switched to another role', () => {
    expect(adminConsole.use(superAdmin), 'a super admin uses the console').toBe(true);
    expect(adminConsole.use(switched), 'original_role super_admin counts (private.is_super_admin)').toBe(true);
    expect(adminConsole.use(tc), 'a coordinator does not').toBe(false);
  });

  it('deletes any account but the one in use, and resends only pending invitations', () => {
    expect(adminConsole.deleteUser(superAdmin, { id: 'someone' }), 'a super admin deletes another account').toBe(true);
    expect(adminConsole.deleteUser(superAdmin, { id: 'admin' }), 'delete_user refuses the active account (409)').toBe(false);
    expect(adminConsole.deleteUser(tc, { id: 'someone' }), 'a coordinator deletes nobody').toBe(false);
    expect(adminConsole.resendInvitation(superAdmin, { used: false, expires_at: future }), 'a pending invitation can be resent').toBe(true);
    expect(adminConsole.resendInvitation(superAdmin, { used: true, expires_at: future }), 'a used one cannot').toBe(false);
    expect(adminConsole.resendInvitation(superAdmin, { used: false, expires_at: past }), 'an expired one cannot').toBe(false);
    expect(adminConsole.resendInvitation(tc, { used: false, expires_at: future }), 'a coordinator resends nothing').toBe(false);
  });
});

describe('AI Workflow Insights', () => {
  it('coordinators and super admins use them (private.check_workflow_scope); agents get access denied', () => {
    expect(can.useWorkflowInsights(tc), 'a coordinator uses them').toBe(true);
    expect(can.useWorkflowInsights(admin), 'a super admin uses them').toBe(true);
    expect(can.useWorkflowInsights(adminAsAgent), 'a super admin on the agent view keeps them').toBe(true);
    expect(can.useWorkflowInsights(agent), 'an agent does not').toBe(false);
  });
});

describe('contracts', () => {
  it('record, amend and deadlines: the listing agent, its coordinator or a super admin', () => {
    expect(contracts.edit(agent, listing), "the listing's agent records and amends").toBe(true);
    expect(contracts.edit(tc, listing), 'the coordinator records and amends').toBe(true);
    expect(contracts.edit(admin, listing), 'a super admin records and amends').toBe(true);
    expect(contracts.edit(otherAgent, listing), 'another agent does not').toBe(false);
  });

  it('close and terminate: the coordinator or a super admin, never the agent', () => {
    expect(contracts.closeOrTerminate(tc), 'the coordinator closes and terminates').toBe(true);
    expect(contracts.closeOrTerminate(admin), 'a super admin closes and terminates').toBe(true);
    expect(contracts.closeOrTerminate(adminAsAgent), 'a super admin in the agent view keeps the right').toBe(true);
    expect(contracts.closeOrTerminate(agent), "closing is the coordinator's, not the agent's").toBe(false);
  });
});
