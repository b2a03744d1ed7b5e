import { Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { canChooseTeam, ownTeamId } from '@/lib/permissions';
import { CoordinatorSelect } from '@/features/agents/components/coordinator-select';
import { TeamDocuments } from '@/features/documents/components/team-documents';

/**
 * /agent-documents (spec part 2 §2 'Documents' / 'Team Documents'): the
 * team's shared library. Agents see their coordinator's team, coordinators
 * their own; a super admin chooses a coordinator; an agent without a
 * coordinator is told why there is nothing to show.
 */
export function AgentDocumentsRoute() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Team Documents</h1>
        <p className="text-muted-foreground text-sm">Documents shared by a coordinator and their agents.</p>
      </header>
      {isPending ? <Skeleton className="h-40 w-full" /> : user ? <TeamDocumentsFor user={user} /> : null}
    </div>
  );
}

function TeamDocumentsFor({ user }: { user: CurrentUser }) {
  const [chosenTcId, setChosenTcId] = useState<string>();
  if (canChooseTeam(user)) {
    return (
      <>
        <CoordinatorSelect value={chosenTcId} onChange={setChosenTcId} />
        {chosenTcId ? <TeamDocuments teamId={chosenTcId} user={user} /> : <Notice>Choose a coordinator to see their team&apos;s documents.</Notice>}
      </>
    );
  }
  const teamId = ownTeamId(user);
  if (!teamId) {
    return (
      <Notice title="You are not on a team yet">
        Team documents are shared by a coordinator and the agents assigned to them. Once a coordinator assigns you, their team&apos;s documents appear here.
      </Notice>
    );
  }
  return <TeamDocuments teamId={teamId} user={user} />;
}

function Notice({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="bg-muted/40 text-muted-foreground flex items-start gap-3 rounded-lg border border-dashed p-5 text-sm" data-testid="team-documents-notice">
      <Users aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        {title && <h2 className="text-foreground font-medium">{title}</h2>}
        <p>{children}</p>
      </div>
    </section>
  );
}
