import { UserAvatar, personName } from '@/components/user-avatar';
import type { OnlinePerson } from '@/features/chat/hooks/use-channel-presence';

const SHOWN = 5;

/** Avatars of who has the channel open, with the count and their names for screen readers and on hover. */
export function OnlineMembers({ people }: { people: OnlinePerson[] }) {
  const names = people.map((p) => personName(p)).join(', ');
  return (
    <div className="flex items-center gap-2" data-testid="online-members" title={names}>
      <div className="flex -space-x-2">
        {people.slice(0, SHOWN).map((p) => (
          <UserAvatar key={p.id} person={p} className="size-6 ring-2 ring-background" />
        ))}
      </div>
      <span className="text-xs text-muted-foreground">
        <span className="mr-1 inline-block size-2 rounded-full bg-green-600" aria-hidden />
        {people.length} online<span className="sr-only">: {names}</span>
      </span>
    </div>
  );
}
