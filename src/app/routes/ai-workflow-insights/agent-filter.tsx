import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAgentOptions } from '@/features/agents/api/get-agent-options';

const ALL = 'all';

/**
 * The Agent filter: All Agents, or one of the coordinator's agents (every
 * agent for the super admin), from the agents feature's agent_overview query.
 * workflow_stats() refuses anyone else's agent, whatever the browser sends.
 */
export function AgentFilter({ tcId, value, onChange }: { tcId: string | 'all'; value: string | null; onChange: (agentId: string | null) => void }) {
  const agents = useAgentOptions(tcId);
  return (
    <div className="flex w-full flex-col gap-2 sm:w-64">
      <Label htmlFor="insights-agent">Agent</Label>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : next)}>
        <SelectTrigger id="insights-agent" className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All Agents</SelectItem>
          {agents.data?.map((agent) => (
            <SelectItem key={agent.id} value={agent.id}>
              {agent.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
