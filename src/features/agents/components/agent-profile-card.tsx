import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmailAddress } from '@/components/email-address';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { personName, UserAvatar } from '@/components/user-avatar';
import { roleLabel } from '@/lib/role-label';
import type { AgentProfile } from '@/features/agents/api/get-agent-profile';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-muted-foreground text-xs font-medium uppercase">{label}</dt>
      <dd className="text-sm break-words">{children || 'Not specified'}</dd>
    </div>
  );
}

/** The agent's contact details, licence, brokerage, MLS account (never its password) and coordinator. */
export function AgentProfileCard({ agent }: { agent: AgentProfile }) {
  const coordinator = agent.coordinator ? personName(agent.coordinator) : null;
  return (
    <Card className="gap-5" data-testid="agent-profile">
      <CardHeader className="flex flex-row flex-wrap items-center gap-4">
        <UserAvatar person={agent} className="size-12 text-lg sm:size-16" />
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{personName(agent)}</h1>
          <div className="text-muted-foreground flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <a href={`mailto:${agent.email}`} className="inline-flex min-w-0 items-center gap-1.5 hover:underline">
              <Mail aria-hidden className="size-4 shrink-0" />
              <EmailAddress email={agent.email} className="min-w-0" />
            </a>
            {agent.phone && (
              <a href={`tel:${agent.phone}`} className="inline-flex items-center gap-1.5 hover:underline">
                <Phone aria-hidden className="size-4" />
                {agent.phone}
              </a>
            )}
          </div>
        </div>
        <Badge variant="secondary" className="sm:ml-auto">
          {roleLabel('agent')}
        </Badge>
      </CardHeader>
      <CardContent>
        <CardTitle className="sr-only">Agent details</CardTitle>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="License Number">{agent.license_number}</Detail>
          <Detail label="Brokerage">{agent.brokerage}</Detail>
          <Detail label="Brokerage Address">{agent.brokerage_address}</Detail>
          <Detail label="MLS System">{agent.mls_system}</Detail>
          <Detail label="MLS Username">{agent.mls_username}</Detail>
          <Detail label="Transaction Coordinator">{coordinator ?? 'Unassigned'}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}
