import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { canChooseTeam, ownTeamId } from '@/lib/permissions';
import { CoordinatorSelect } from '@/features/agents/components/coordinator-select';
import { MessageComposer } from '@/features/messages/components/message-composer';
import { MessageFeed } from '@/features/messages/components/message-feed';
import { useApplyMessagesChange } from '@/features/messages/api/live-messages';

/**
 * /agent-messages, 'Team Messages' (spec part 2 §2): the team's feed — the
 * coordinator and the agents assigned to them — with text and voice messages,
 * live through Realtime, older messages paged in as the reader scrolls up.
 * A super admin first chooses whose team to read (the database wants the team
 * named); an agent without a coordinator has no team to post to.
 */
export function AgentMessagesRoute() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Team Messages</h1>
        <p className="text-muted-foreground text-sm">Your team&apos;s conversation: the coordinator and their agents, typed or voice.</p>
      </header>
      {isPending ? <Skeleton className="h-80 w-full" /> : user ? <TeamMessages user={user} /> : null}
    </div>
  );
}

function TeamMessages({ user }: { user: CurrentUser }) {
  const choosesTeam = canChooseTeam(user);
  const [chosenTeamId, setChosenTeamId] = useState<string>();
  const teamId = choosesTeam ? chosenTeamId : ownTeamId(user);
  return (
    <>
      {choosesTeam && <CoordinatorSelect value={chosenTeamId} onChange={setChosenTeamId} />}
      {teamId ? (
        <TeamFeed teamId={teamId} user={user} />
      ) : (
        <Alert data-testid="team-messages-notice">
          <Users aria-hidden />
          <AlertTitle>{choosesTeam ? 'Choose a team' : 'You are not on a team yet'}</AlertTitle>
          <AlertDescription>
            {choosesTeam
              ? "Choose a coordinator to read and post in their team's messages."
              : 'Team Messages opens once a transaction coordinator adds you to their team.'}
          </AlertDescription>
        </Alert>
      )}
    </>
  );
}

function TeamFeed({ teamId, user }: { teamId: string; user: CurrentUser }) {
  const scope = useMemo(() => ({ teamId }), [teamId]);
  const applyChange = useApplyMessagesChange(scope);
  // The team's general messages have no listing; the user hears only their own team's.
  useLiveChanges({ listingId: null }, { messages: applyChange });
  return (
    <Card className="py-4">
      <CardContent className="flex flex-col gap-3 px-4">
        <MessageFeed scope={scope} viewerId={user.id} className="h-[min(60vh,36rem)] min-h-72" />
        <MessageComposer scope={scope} senderId={user.id} />
      </CardContent>
    </Card>
  );
}
