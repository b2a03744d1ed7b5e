import type { Tables } from '@/lib/database.types';

/**
 * The one permission model of the UI. Each rule mirrors the database rule that
 * enforces it (RLS policy or security definer function, named in its comment),
 * so a screen never offers an action the database would refuse. Where the spec
 * gives a role less on a screen than the database allows (the super admin on
 * the listing detail, spec part 1 §6), the rule follows the spec and says so.
 * The database stays the authority: these rules only decide which controls appear.
 */

/** The acting account: its id, role and (while the role switcher impersonates) its true role. */
export interface Viewer {
  id: string;
  role: string;
  originalRole: string | null;
}

type ListingOwners = Pick<Tables<'listings'>, 'agent_id' | 'tc_id'>;

/** private.is_super_admin(): super_admin, also while the role switcher shows another role (spec part 2 §6). */
export function isSuperAdmin(user: Pick<Viewer, 'role' | 'originalRole'> | null | undefined): boolean {
  return user?.role === 'super_admin' || user?.originalRole === 'super_admin';
}

/**
 * private.coordinated_listing_ids() for a listing the viewer can see: a tc reads
 * only listings it coordinates (tc_id, or an assigned agent's), so a tc looking
 * at a listing coordinates it.
 */
const coordinates = (user: Viewer) => user.role === 'tc';

const coordinatesOrAdmin = (user: Viewer) => isSuperAdmin(user) || coordinates(user);

export const can = {
  /** Policy "Agents can create their listings, coordinators their agents', super admins any" (private.check_listing_agent). */
  createListing: (user: Viewer) => isSuperAdmin(user) || user.role === 'agent' || user.role === 'tc',
  /** Same policy: coordinators and super admins create listings for an agent they choose; agents only for themselves. */
  chooseListingAgent: (user: Viewer) => coordinatesOrAdmin(user),

  /** public.available_agents(), assign_agent(), unassign_agent(): coordinators (for themselves) and super admins (for any coordinator). */
  manageAgentAssignments: (user: Viewer) => coordinatesOrAdmin(user),
  /** public.assign_agent(agent_id, tc_id): only a super admin names a coordinator other than themselves. */
  assignToOtherCoordinator: (user: Viewer) => isSuperAdmin(user),
  /** public.unassign_agent(): the agent's own coordinator or a super admin. */
  unassignAgent: (user: Viewer, agent: Pick<Tables<'users'>, 'assigned_tc_id'>) => isSuperAdmin(user) || (coordinates(user) && agent.assigned_tc_id === user.id),
  /**
   * The status selector: only a tc (spec part 1 §6); everyone else, super admin included, sees the badge.
   * set_listing_status() also admits a super admin, so the screen offers less than the database allows.
   */
  changeListingStatus: (user: Viewer) => coordinates(user),
  /** Policy "Agents can edit their own listings and super admins any"; photos are columns of the listing. */
  editListing: (user: Viewer, listing: Pick<ListingOwners, 'agent_id'>) => isSuperAdmin(user) || listing.agent_id === user.id,
  /** Issue 41: the listing's attributes (side, property type, HOA, year built, state) are edited by its agent, its coordinator or a super admin. */
  editListingAttributes: (user: Viewer, listing: Pick<ListingOwners, 'agent_id'>) => coordinatesOrAdmin(user) || listing.agent_id === user.id,
  /** review_document(): the listing's coordinator or a super admin approves or returns documents. */
  reviewDocuments: (user: Viewer) => coordinatesOrAdmin(user),
  /** apply_checklist_template() and deleting listing_checklist_items: the listing's coordinator or a super admin. */
  manageChecklist: (user: Viewer) => coordinatesOrAdmin(user),
  /** override_listing_status(): only a super admin moves a listing past the compliance gate. */
  overrideComplianceGate: (user: Viewer) => isSuperAdmin(user),
  /** Policy "Agents can delete their listings, coordinators listings with their tc_id, super admins all". */
  deleteListing: (user: Viewer, listing: ListingOwners) => isSuperAdmin(user) || listing.agent_id === user.id || listing.tc_id === user.id,

  /** Policy "Authors can edit their own notes" (no super-admin exception). */
  editNote: (user: Viewer, note: Pick<Tables<'notes'>, 'user_id'>) => note.user_id === user.id,
  /** Only the author (spec part 1 §6); the policy "Authors and super admins can delete notes" also admits a super admin, the screen does not. */
  deleteNote: (user: Viewer, note: Pick<Tables<'notes'>, 'user_id'>) => note.user_id === user.id,

  /** accept_inbound_email() / discard_inbound_email(): the listing's agent, its coordinator (a tc seeing it coordinates it) or a super admin. */
  reviewInboundEmail: (user: Viewer, listing: Pick<ListingOwners, 'agent_id'>) => isSuperAdmin(user) || coordinates(user) || listing.agent_id === user.id,
  /** Policy "Uploaders, the listing's agent and super admins can delete documents". */
  deleteDocument: (user: Viewer, document: Pick<Tables<'documents'>, 'uploaded_by'>, listing: Pick<ListingOwners, 'agent_id'>) =>
    isSuperAdmin(user) || document.uploaded_by === user.id || listing.agent_id === user.id,

  /** Policy "Coordinators can create tasks for the agent of listings they coordinate" (super admins too). */
  createTask: (user: Viewer) => coordinatesOrAdmin(user),
  /** public.set_task_completed(): the listing's coordinator or a super admin toggles completed ↔ pending. */
  completeTask: (user: Viewer) => coordinatesOrAdmin(user),
  /** public.resend_task(): the coordinator or a super admin, only for a responded task that is still open. */
  resendTask: (user: Viewer, task: Pick<Tables<'tasks'>, 'agent_response' | 'status'>) =>
    coordinatesOrAdmin(user) && !!task.agent_response && task.status !== 'completed',
  /** public.respond_to_task() and mark_task_read(): only the task's assignee. */
  respondToTask: (user: Viewer, task: Pick<Tables<'tasks'>, 'assigned_to_id'>) => task.assigned_to_id === user.id,

  /** Policy "Coordinators can respond to the agent of listings they coordinate" (super admins too). */
  sendResponse: (user: Viewer) => coordinatesOrAdmin(user),
  /** The coordinator dashboard lists agents by coordinator; a super admin sees every agent (view agent_overview under RLS). */
  seeAllAgents: (user: Viewer) => isSuperAdmin(user),

  /** The smart-reminders Edge Function answers coordinators and super admins only. */
  seeSmartReminders: (user: Viewer) => coordinatesOrAdmin(user),
  /** Dictation and voice notes: every role may add notes to the listings it works on. */
  useVoiceTools: (user: Viewer) => ['tc', 'agent', 'super_admin'].includes(user.role),

  /** public.get_mls_password() and mls_password_is_set() answer for the active account only: nobody reveals another account's MLS password. */
  revealMlsPassword: (user: Viewer, account: Pick<Viewer, 'id'>) => account.id === user.id,
  /** The AI tables accept coordinators and super admins (policies "Coordinators can … their AI …"); agents see the coming-soon notice (spec part 2 §1, §6). */
  accessAiAssistant: (user: Viewer) => coordinatesOrAdmin(user),
  /** Policy "Users can mark their notifications read": the owner only, super admins included. */
  markNotificationRead: (user: Viewer, notification: Pick<Tables<'notifications'>, 'user_id'>) => notification.user_id === user.id,
  /** Policy "Users can delete their notifications and super admins any". */
  deleteNotification: (user: Viewer, notification: Pick<Tables<'notifications'>, 'user_id'>) => notification.user_id === user.id || isSuperAdmin(user),
  /** Policy "Uploaders, the listing's agent, the team's coordinator and super admins can delete documents", for a team document. */
  deleteTeamDocument: (user: Viewer, document: Pick<Tables<'documents'>, 'uploaded_by' | 'team_tc_id'>) =>
    isSuperAdmin(user) || document.uploaded_by === user.id || (coordinates(user) && document.team_tc_id === user.id),
  /** private.check_workflow_scope(): workflow_stats(), workflow_insight_candidates() and the ai-workflow-insights function answer tcs and super admins. */
  useWorkflowInsights: (user: Viewer) => coordinatesOrAdmin(user),
};

/**
 * The team whose general messages and documents the viewer reads and posts to,
 * as private.current_team_id() and private.team_for_new_item() decide: a
 * coordinator's own, an agent's coordinator's; none for an unassigned agent
 * (posting is refused with 403). A super admin has no team of their own and
 * must name one (a coordinator's id), see `can.chooseTeam`.
 */
export function ownTeamId(user: Viewer & { assignedTcId: string | null }): string | null {
  if (isSuperAdmin(user)) return null;
  if (user.role === 'tc') return user.id;
  return user.role === 'agent' ? user.assignedTcId : null;
}

/** private.team_for_new_item(): only a super admin names a team (any coordinator's) for team messages and documents. */
export const canChooseTeam = (user: Viewer) => isSuperAdmin(user);
/** A coordinator channel as the chat shows it: who created it and the viewer's role in it (null: not a member, or general). */
interface ChatChannelAccess {
  created_by_id: string | null;
  myRole: string | null;
}

/**
 * Coordinator team chat (migrations 20250601001100, 20250610000300, 20250621000200):
 * private.managed_channel_ids() is the channel's creator and its admins.
 */
export const chat = {
  /** Policy "Coordinators can read the general channel and members their channels": tcs and super admins. */
  use: (user: Viewer) => coordinatesOrAdmin(user),
  /** Policy "Channel managers can add coordinators to their channels" (and change roles). */
  manageMembers: (user: Viewer, channel: ChatChannelAccess) => isSuperAdmin(user) || channel.created_by_id === user.id || channel.myRole === 'admin',
  /** public.set_message_pinned(): channel managers, super admins; in general (`channel` null) only super admins. */
  pin: (user: Viewer, channel: ChatChannelAccess | null) => isSuperAdmin(user) || (channel !== null && (channel.created_by_id === user.id || channel.myRole === 'admin')),
  /** Policy "Senders can edit their messages" (the super admin moderates too, but the chat offers editing only to senders). */
  editMessage: (user: Viewer, message: { sender_id: string | null }) => message.sender_id === user.id,
  /** Policy "Senders and super admins can delete messages". */
  deleteMessage: (user: Viewer, message: { sender_id: string | null }) => message.sender_id === user.id || isSuperAdmin(user),
  /** Policy "Members can leave and managers remove others but the creator": any member leaves a created channel. */
  leave: (channel: ChatChannelAccess) => channel.myRole !== null,
};

/** The admin console (migrations 20250601000300, 20250610000400, 20250623000100–0200). */
export const adminConsole = {
  /** private.is_super_admin(): the page, admin_stats(), admin_settings(), every list. */
  use: (user: Viewer) => isSuperAdmin(user),
  /** public.delete_user(): super admins, never the account they are acting as (409). */
  deleteUser: (user: Viewer, account: Pick<Tables<'users'>, 'id'>) => isSuperAdmin(user) && account.id !== user.id,
  /** The invitations function's 'resend': super admins, for an invitation still pending (not used, not expired). */
  resendInvitation: (user: Viewer, invitation: Pick<Tables<'invitations'>, 'used' | 'expires_at'>, now = Date.now()) =>
    isSuperAdmin(user) && !invitation.used && new Date(invitation.expires_at).getTime() > now,
};

/** Contracts and their deadlines (migration 20251127001200_create_contracts.sql). */
export const contracts = {
  /**
   * Policies "People on a listing can record / amend its contracts" and "… update its contract deadlines":
   * the listing's agent, its coordinator (a tc seeing the listing coordinates it) or a super admin.
   */
  edit: (user: Viewer, listing: Pick<ListingOwners, 'agent_id'>) => coordinatesOrAdmin(user) || listing.agent_id === user.id,
  /** close_contract() / terminate_contract(): the listing's coordinator or a super admin; the agent gets 403. */
  closeOrTerminate: (user: Viewer) => coordinatesOrAdmin(user),
  /** The Deadlines screen lists every active contract's deadlines across a coordinator's agents (all for a super admin). */
  seeDeadlinesScreen: (user: Viewer) => coordinatesOrAdmin(user),
};
