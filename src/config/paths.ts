/**
 * Every route path of the app (spec part 1 §2, part 2 §2), so links and the
 * router cannot drift apart. `path` is the router pattern; `getHref` builds a link.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/api/login', getHref: () => '/api/login' },
  loginAlias: { path: '/login', getHref: () => '/login' },
  logout: { path: '/api/logout', getHref: () => '/api/logout' },
  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  completeInvitation: { path: '/complete-invitation', getHref: () => '/complete-invitation' },
  accountSelection: { path: '/account-selection', getHref: () => '/account-selection' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  listing: {
    path: '/listing/:id',
    getHref: (id: string, tab?: 'notes' | 'documents' | 'messages' | 'photos' | 'tasks' | 'contract' | 'compliance') => `/listing/${id}${tab ? `?tab=${tab}` : ''}`,
  },
  newListing: { path: '/new-listing', getHref: () => '/new-listing' },
  tcDashboard: {
    path: '/tc-dashboard',
    /** With an agent: that agent's workspace on the dashboard (and optionally one of their listings selected). */
    getHref: (agentId?: string, listingId?: string) =>
      agentId ? `/tc-dashboard?${new URLSearchParams({ agent: agentId, ...(listingId ? { listing: listingId } : {}) })}` : '/tc-dashboard',
  },
  agent: { path: '/agents/:agentId', getHref: (agentId: string) => `/agents/${agentId}` },
  /** The admin console; `tab` opens one tab (the sidebar's 'System Settings' opens `settings`). */
  admin: { path: '/admin', getHref: (tab?: 'users' | 'listings' | 'invitations' | 'stats' | 'settings') => (tab ? `/admin?tab=${tab}` : '/admin') },
  agentDashboard: { path: '/agent-dashboard', getHref: () => '/agent-dashboard' },
  /** Every listing of the signed-in agent, paged newest first (the dashboard shows the first 5). */
  agentListings: {
    path: '/agent-listings',
    getHref: (options: { status?: string | null; page?: number } = {}) => {
      const query = new URLSearchParams();
      if (options.status) query.set('status', options.status);
      if (options.page && options.page > 1) query.set('page', String(options.page));
      const search = query.toString();
      return search ? `/agent-listings?${search}` : '/agent-listings';
    },
  },
  agentMessages: { path: '/agent-messages', getHref: () => '/agent-messages' },
  agentDocuments: { path: '/agent-documents', getHref: () => '/agent-documents' },
  agentProfile: { path: '/agent-profile', getHref: () => '/agent-profile' },
  agentListing: { path: '/agent-listing/:id', getHref: (id: string) => `/agent-listing/${id}` },
  aiAssistant: { path: '/ai-assistant', getHref: () => '/ai-assistant' },
  aiWorkflowInsights: { path: '/ai-workflow-insights', getHref: () => '/ai-workflow-insights' },
  agentAssignments: { path: '/agent-assignments', getHref: () => '/agent-assignments' },
  tcTeamChat: { path: '/tc-team-chat', getHref: () => '/tc-team-chat' },
  tcProfile: { path: '/tc-profile', getHref: () => '/tc-profile' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** Open deadlines of active contracts across a coordinator's listings (every listing for a super admin). */
  deadlines: { path: '/deadlines', getHref: () => '/deadlines' },
  /** Issue 41: documents waiting for review (a coordinator's agents' listings; every listing for a super admin). */
  compliance: { path: '/compliance', getHref: () => '/compliance' },
  /** Issue 41: checklist templates (a coordinator's own and the global ones; the super admin's global ones). */
  checklistTemplates: { path: '/checklist-templates', getHref: () => '/checklist-templates' },
  /** Issue 55: message templates to a deal's parties (a coordinator's own and the global ones; the super admin's global ones). */
  messageTemplates: { path: '/message-templates', getHref: () => '/message-templates' },
  /** Issue 55: the messages to the parties of a coordinator's listings by status (every listing for a super admin). */
  outbox: { path: '/outbox', getHref: () => '/outbox' },
} as const;
