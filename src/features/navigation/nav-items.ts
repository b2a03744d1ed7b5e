import { Bell, Bot, CalendarClock, ClipboardCheck, FileText, ListChecks, House, Mail, MailCheck, LayoutDashboard, Lightbulb, MessageSquare, MessagesSquare, Settings, SquarePlus, UserPlus, UserRound, Users, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';
import type { Role } from '@/hooks/use-current-user';
import { roleLabel } from '@/lib/role-label';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** Spec part 1 §2 "Sidebar navigation", in the spec's order; issue 40 adds Deadlines, issue 41 Compliance and Checklist Templates, issue 55 Outbox and Message Templates for coordinators and the super admin. */
const NAV_ITEMS: Record<Role, NavItem[]> = {
  super_admin: [
    { label: 'System Overview', href: paths.home.getHref(), icon: LayoutDashboard },
    { label: 'User Management', href: paths.admin.getHref(), icon: Users },
    { label: 'Deadlines', href: paths.deadlines.getHref(), icon: CalendarClock },
    { label: 'Compliance', href: paths.compliance.getHref(), icon: ClipboardCheck },
    { label: 'Checklist Templates', href: paths.checklistTemplates.getHref(), icon: ListChecks },
    { label: 'Outbox', href: paths.outbox.getHref(), icon: Mail },
    { label: 'Message Templates', href: paths.messageTemplates.getHref(), icon: MailCheck },
    { label: 'TC Team Chat', href: paths.tcTeamChat.getHref(), icon: MessagesSquare },
    { label: 'System Settings', href: paths.admin.getHref('settings'), icon: Settings },
    { label: 'AI Assistant', href: paths.aiAssistant.getHref(), icon: Bot },
    { label: 'Notifications', href: paths.notifications.getHref(), icon: Bell },
  ],
  tc: [
    { label: 'My Agents', href: paths.tcDashboard.getHref(), icon: Users },
    { label: 'Agent Assignments', href: paths.agentAssignments.getHref(), icon: UserPlus },
    { label: 'Deadlines', href: paths.deadlines.getHref(), icon: CalendarClock },
    { label: 'Compliance', href: paths.compliance.getHref(), icon: ClipboardCheck },
    { label: 'Checklist Templates', href: paths.checklistTemplates.getHref(), icon: ListChecks },
    { label: 'Outbox', href: paths.outbox.getHref(), icon: Mail },
    { label: 'Message Templates', href: paths.messageTemplates.getHref(), icon: MailCheck },
    { label: 'TC Team Chat', href: paths.tcTeamChat.getHref(), icon: MessagesSquare },
    // The coordinator's own team (their agents): the same screens the agents use.
    { label: 'Team Messages', href: paths.agentMessages.getHref(), icon: MessageSquare },
    { label: 'Team Documents', href: paths.agentDocuments.getHref(), icon: FileText },
    { label: 'AI Assistant', href: paths.aiAssistant.getHref(), icon: Bot },
    { label: 'AI Workflow Insights', href: paths.aiWorkflowInsights.getHref(), icon: Lightbulb },
    { label: 'My Profile', href: paths.tcProfile.getHref(), icon: UserRound },
    { label: 'Notifications', href: paths.notifications.getHref(), icon: Bell },
  ],
  agent: [
    { label: 'My Listings', href: paths.agentDashboard.getHref(), icon: House },
    { label: 'New Listing', href: paths.newListing.getHref(), icon: SquarePlus },
    { label: 'Messages', href: paths.agentMessages.getHref(), icon: MessageSquare },
    { label: 'Documents', href: paths.agentDocuments.getHref(), icon: FileText },
    { label: 'AI Assistant', href: paths.aiAssistant.getHref(), icon: Bot },
    { label: 'My Profile', href: paths.agentProfile.getHref(), icon: UserRound },
    { label: 'Notifications', href: paths.notifications.getHref(), icon: Bell },
  ],
};

/** The agent's list is also the default for any role the app does not know. */
export function navItemsForRole(role: string): NavItem[] {
  return role === 'super_admin' || role === 'tc' ? NAV_ITEMS[role] : NAV_ITEMS.agent;
}

/**
 * Spec: the `/` item is active only at the root; the agent dashboard item is
 * also active at the root (where agents land); every other item is active
 * when the path starts with its href.
 */
export function isNavItemActive(href: string, pathname: string): boolean {
  const root = paths.home.getHref();
  if (href === root) return pathname === root;
  if (href === paths.agentDashboard.getHref() && pathname === root) return true;
  // A tab link (/admin?tab=settings) is active on its page; the query only picks the tab.
  return pathname.startsWith(href.split('?')[0]);
}

/** Role badge text: wide sidebar 'Super Admin' / 'Agent' / 'TC', collapsed 'SA' / 'A' / 'TC'. */
export function roleBadgeLabel(role: Role, collapsed: boolean): string {
  return roleLabel(role, collapsed ? 'initials' : 'short');
}
