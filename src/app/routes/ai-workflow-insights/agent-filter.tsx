import { Label } from '@/components/ui/label';
import { AgentPicker } from '@/features/agents/components/agent-picker';

/**
 * The Agent filter: All Agents, or one of the coordinator's agents (any agent
 * for the super admin, found by name or e-mail), one page at a time.
 * workflow_stats() refuses anyone else's agent, whatever the browser sends.
 */
export function AgentFilter({ tcId, value, onChange }: { tcId: string | 'all'; value: string | null; onChange: (agentId: string | null) => void }) {
  return (
    <div className="flex w-full flex-col gap-2 sm:w-64">
      <Label htmlFor="insights-agent">Agent</Label>
      <AgentPicker id="insights-agent" tcId={tcId} value={value} onChange={onChange} placeholder="All Agents" allLabel="All Agents" />
    </div>
  );
}
