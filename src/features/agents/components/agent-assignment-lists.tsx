import { Loader2, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { personName } from '@/components/user-avatar';
import { AGENT_PAGE_SIZE } from '@/features/agents/api/agent-list-page';
import { useAssignAgent } from '@/features/agents/api/assign-agent';
import { useAssignedAgents } from '@/features/agents/api/get-assigned-agents';
import { useAvailableAgents } from '@/features/agents/api/get-available-agents';
import { useUnassignAgent } from '@/features/agents/api/unassign-agent';
import { AgentListCard } from '@/features/agents/components/agent-list-card';

interface ListProps {
  search: string;
  /** The coordinator whose team is managed: the signed-in tc, or the one a super admin chose. */
  tcId: string | undefined;
}

/** 'My Assigned Agents (n)' (or a chosen coordinator's, for the super admin) with Unassign per agent. */
export function AssignedAgentsCard({ search, tcId, title }: ListProps & { title: string }) {
  const [limit, setLimit] = useState(AGENT_PAGE_SIZE);
  const agents = useAssignedAgents(tcId, { search, limit });
  const unassign = useUnassignAgent();
  return (
    <AgentListCard
      title={title}
      testId="assigned-agents"
      page={{ ...agents, isPending: !!tcId && agents.isPending }}
      emptyText="No agents assigned yet"
      searching={search.trim() !== ''}
      linkNames
      onShowMore={() => setLimit((n) => n + AGENT_PAGE_SIZE)}
      action={(agent) => {
        const busy = unassign.isPending && unassign.variables.agentId === agent.id;
        return (
          <Button variant="outline" size="sm" disabled={busy} aria-label={`Unassign ${personName(agent)}`} onClick={() => unassign.mutate({ agentId: agent.id })}>
            {busy ? <Loader2 className="animate-spin" /> : <UserMinus />}
            Unassign
          </Button>
        );
      }}
    />
  );
}

/** 'Available Agents (n)': unassigned agents with Assign (to the managed coordinator). */
export function AvailableAgentsCard({ search, tcId, assignToOther }: ListProps & { assignToOther: boolean }) {
  const [limit, setLimit] = useState(AGENT_PAGE_SIZE);
  const agents = useAvailableAgents({ search, limit });
  const assign = useAssignAgent();
  return (
    <AgentListCard
      title="Available Agents"
      testId="available-agents"
      page={agents}
      emptyText="No available agents"
      searching={search.trim() !== ''}
      linkNames={false}
      onShowMore={() => setLimit((n) => n + AGENT_PAGE_SIZE)}
      action={(agent) => {
        const busy = assign.isPending && assign.variables.agentId === agent.id;
        return (
          <Button
            size="sm"
            disabled={busy || !tcId}
            aria-label={`Assign ${personName(agent)}`}
            onClick={() => assign.mutate({ agentId: agent.id, tcId: assignToOther ? tcId : undefined })}
          >
            {busy ? <Loader2 className="animate-spin" /> : <UserPlus />}
            Assign
          </Button>
        );
      }}
    />
  );
}
