import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAgentProfile } from '@/features/agents/api/get-agent-profile';
import { AgentListingsCard } from '@/features/agents/components/agent-listings-card';
import { AgentProfileCard } from '@/features/agents/components/agent-profile-card';

/**
 * /agents/{agentId}: a coordinator's view of one of their agents (the super
 * admin's of any). RLS on users decides: an agent whose row the viewer may
 * not read is reported exactly like one that does not exist.
 */
export function AgentProfileViewRoute() {
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      <AgentProfileView />
    </RequireRole>
  );
}

function AgentProfileView() {
  const { agentId = '' } = useParams();
  const profile = useAgentProfile(agentId);
  return (
    <div className="flex flex-col gap-6">
      <Link to={paths.agentAssignments.getHref()} className="text-muted-foreground hover:text-foreground inline-flex w-fit items-center gap-1.5 text-sm">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Agent Assignments
      </Link>
      {profile.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : profile.isError ? (
        <p className="text-destructive text-sm">Could not load the agent: {profile.error.message}</p>
      ) : !profile.data ? (
        <AccessDenied message="Agent not found or you do not have access." />
      ) : (
        <>
          <AgentProfileCard agent={profile.data} />
          <AgentListingsCard agentId={profile.data.id} />
        </>
      )}
    </div>
  );
}
