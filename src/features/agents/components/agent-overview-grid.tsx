import { ClipboardList, Home, Users } from 'lucide-react';
import { EmailAddress } from '@/components/email-address';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { personName, UserAvatar } from '@/components/user-avatar';
import type { AgentOverview } from '@/features/agents/api/get-agent-overview';

function Count({ icon: Icon, value, label }: { icon: typeof Home; value: number | null; label: string }) {
  const n = value ?? 0;
  return (
    <span className="text-muted-foreground inline-flex items-center gap-1.5 text-sm" data-testid={`agent-${label}-count`} data-count={n}>
      <Icon aria-hidden className="size-4" />
      <span className="text-foreground font-medium tabular-nums">{n}</span> {n === 1 ? label : `${label}s`}
    </span>
  );
}

/** One agent card: avatar, name, e-mail, listing and task counts; the whole card is the button that opens the agent. */
function AgentCard({ agent, onSelect }: { agent: AgentOverview; onSelect: (agentId: string) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(agent.id)}
        data-testid="agent-card"
        data-agent-email={agent.email}
        className="bg-card hover:border-primary/60 focus-visible:ring-ring/50 flex h-full w-full flex-col gap-3 rounded-xl border p-4 text-left shadow-sm transition-colors outline-none focus-visible:ring-[3px]"
      >
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar person={agent} className="size-12" />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="flex flex-wrap items-center gap-2 font-semibold">
              {personName(agent)}
              {agent.is_test_profile && (
                <Badge variant="secondary" className="border-amber-200 bg-amber-100 text-amber-900">
                  Test Profile
                </Badge>
              )}
            </span>
            <EmailAddress email={agent.email} className="text-muted-foreground text-sm" />
          </div>
        </div>
        <div className="flex flex-wrap gap-4">
          <Count icon={Home} value={agent.listing_count} label="listing" />
          <Count icon={ClipboardList} value={agent.task_count} label="task" />
        </div>
      </button>
    </li>
  );
}

/** The coordinator's agents as a grid of cards (spec part 2 §2, no agent selected). */
export function AgentOverviewGrid({ agents, isPending, error, onSelect }: { agents: AgentOverview[] | undefined; isPending: boolean; error: Error | null; onSelect: (agentId: string) => void }) {
  if (isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading agents">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
    );
  }
  if (error) return <p className="text-destructive text-sm">Could not load agents: {error.message}</p>;
  if (!agents?.length) {
    return (
      <div className="text-muted-foreground flex flex-col items-center gap-2 rounded-xl border border-dashed py-12 text-center text-sm">
        <Users aria-hidden className="size-8" />
        No agents are assigned to you yet.
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Agents">
      {agents.map((agent) => (
        <AgentCard key={agent.id} agent={agent} onSelect={onSelect} />
      ))}
    </ul>
  );
}
