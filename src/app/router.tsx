import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppErrorBoundary, AppLoading } from '@/app/routes/app-fallbacks';
import { paths } from '@/config/paths';
import { loadSession } from '@/hooks/use-session';
import { listingStatusesQueryOptions } from '@/lib/listing-status';

/**
 * Routes load their code on demand. A route module may export
 * `clientLoader(queryClient)` to start its queries while its code downloads,
 * using the same query options its components read.
 *
 * The root loader waits for supabase-js to restore the stored session, so
 * the first screen drawn is already the right one (landing or app).
 */
export function createAppRouter(queryClient: QueryClient) {
  const signedInRoutes: RouteObject[] = [
    {
      index: true,
      lazy: async () => ({ Component: (await import('@/app/routes/home')).RoleHomeRoute }),
    },
    {
      path: paths.dashboard.path,
      lazy: async () => ({ Component: (await import('@/app/routes/home')).RoleHomeRoute }),
    },
    {
      path: paths.listing.path,
      lazy: async () => ({ Component: (await import('@/app/routes/listing-detail')).ListingDetailRoute }),
    },
    {
      path: paths.newListing.path,
      lazy: async () => ({ Component: (await import('@/app/routes/new-listing')).NewListingRoute }),
    },
    {
      path: paths.agentListing.path,
      lazy: async () => ({ Component: (await import('@/app/routes/agent-listing')).AgentListingRoute }),
    },
    {
      path: paths.tcDashboard.path,
      lazy: async () => ({ Component: (await import('@/app/routes/tc-dashboard')).TcDashboardRoute }),
    },
    {
      path: paths.agent.path,
      lazy: async () => ({ Component: (await import('@/app/routes/agent-profile-view')).AgentProfileViewRoute }),
    },
    {
      path: paths.admin.path,
      lazy: async () => {
        const { AdminRoute, clientLoader } = await import('@/app/routes/admin');
        return { Component: AdminRoute, loader: clientLoader(queryClient) };
      },
    },
    {
      path: paths.agentDashboard.path,
      lazy: async () => ({ Component: (await import('@/app/routes/agent-dashboard')).AgentDashboardRoute }),
    },
    {
      path: paths.agentListings.path,
      lazy: async () => ({ Component: (await import('@/app/routes/agent-listings')).AgentListingsRoute }),
    },
    {
      path: paths.agentMessages.path,
      lazy: async () => ({ Component: (await import('@/app/routes/agent-messages')).AgentMessagesRoute }),
    },
    {
      path: paths.agentDocuments.path,
      lazy: async () => ({ Component: (await import('@/app/routes/agent-documents')).AgentDocumentsRoute }),
    },
    {
      path: paths.agentProfile.path,
      lazy: async () => ({ Component: (await import('@/app/routes/agent-profile')).AgentProfileRoute }),
    },
    {
      path: paths.aiAssistant.path,
      lazy: async () => ({ Component: (await import('@/app/routes/ai-assistant')).AiAssistantRoute }),
    },
    {
      path: paths.aiWorkflowInsights.path,
      lazy: async () => ({ Component: (await import('@/app/routes/ai-workflow-insights')).AiWorkflowInsightsRoute }),
    },
    {
      path: paths.agentAssignments.path,
      lazy: async () => ({ Component: (await import('@/app/routes/agent-assignments')).AgentAssignmentsRoute }),
    },
    {
      path: paths.tcTeamChat.path,
      lazy: async () => ({ Component: (await import('@/app/routes/tc-team-chat')).TcTeamChatRoute }),
    },
    {
      path: paths.tcProfile.path,
      lazy: async () => ({ Component: (await import('@/app/routes/tc-profile')).TcProfileRoute }),
    },
    {
      path: paths.deadlines.path,
      lazy: async () => ({ Component: (await import('@/app/routes/deadlines')).DeadlinesRoute }),
    },
    {
      path: paths.compliance.path,
      lazy: async () => ({ Component: (await import('@/app/routes/compliance')).ComplianceRoute }),
    },
    {
      path: paths.checklistTemplates.path,
      lazy: async () => ({ Component: (await import('@/app/routes/checklist-templates')).ChecklistTemplatesRoute }),
    },
    {
      path: paths.messageTemplates.path,
      lazy: async () => ({ Component: (await import('@/app/routes/message-templates')).MessageTemplatesRoute }),
    },
    {
      path: paths.outbox.path,
      lazy: async () => ({ Component: (await import('@/app/routes/outbox')).OutboxRoute }),
    },
    {
      path: paths.notifications.path,
      lazy: async () => ({ Component: (await import('@/app/routes/notifications')).NotificationsRoute }),
    },
  ];

  return createBrowserRouter([
    {
      id: 'root',
      loader: async () => {
        const session = await loadSession();
        // Signed in: the statuses' labels (public.listing_statuses, read once per session) are at hand before the
        // first screen draws, so no status shows its key while they load. A failure leaves it to the screens' query.
        if (session) await queryClient.ensureQueryData(listingStatusesQueryOptions).catch(() => undefined);
        return null;
      },
      HydrateFallback: AppLoading,
      ErrorBoundary: AppErrorBoundary,
      children: [
        // Signed-in screens share the sidebar layout; signed out, `/` is the landing page.
        {
          path: paths.home.path,
          lazy: async () => ({ Component: (await import('@/app/routes/shell-layout')).ShellLayoutRoute }),
          children: signedInRoutes,
        },
        {
          path: paths.login.path,
          lazy: async () => ({ Component: (await import('@/app/routes/sign-in')).SignInRoute }),
        },
        {
          path: paths.loginAlias.path,
          lazy: async () => ({ Component: (await import('@/app/routes/sign-in')).SignInRoute }),
        },
        {
          path: paths.logout.path,
          lazy: async () => ({ Component: (await import('@/app/routes/sign-out')).SignOutRoute }),
        },
        {
          path: paths.accountSelection.path,
          lazy: async () => ({ Component: (await import('@/app/routes/account-selection')).AccountSelectionRoute }),
        },
        {
          path: paths.onboarding.path,
          lazy: async () => ({ Component: (await import('@/app/routes/onboarding')).OnboardingRoute }),
        },
        {
          path: paths.completeInvitation.path,
          lazy: async () => ({ Component: (await import('@/app/routes/complete-invitation')).CompleteInvitationRoute }),
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('@/app/routes/not-found')).NotFoundRoute }),
        },
      ],
    },
  ]);
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(() => createAppRouter(queryClient), [queryClient]);
  return <RouterProvider router={router} />;
}
