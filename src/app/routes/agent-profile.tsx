import { AGENT_AVATAR_CROP } from '@/components/avatar-crop-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/hooks/use-current-user';
import { CalendarFeedCard } from '@/features/contracts/components/calendar-feed-card';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { AGENT_PROFILE_FORM } from '@/features/profile/components/profile-form-variants';

/**
 * /agent-profile (spec part 2 §2 'Agent profile'): photo with the circular
 * crop (250 × 250 JPEG, quality 0.95), contact, licence, brokerage and MLS
 * details with Edit Profile / Cancel and Save Profile, and the write-only MLS
 * password; the calendar feed of issue 40. Always the signed-in person's own active account.
 */
export function AgentProfileRoute() {
  const { data: user } = useCurrentUser();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">My Profile</h1>
        <p className="text-muted-foreground text-sm">Your photo, contact, licence, brokerage and MLS details, as your coordinator sees them.</p>
      </header>
      {user ? (
        <>
          <ProfileCard user={user} crop={AGENT_AVATAR_CROP} variant={AGENT_PROFILE_FORM} badgeRole={user.role} redirectPath={paths.agentProfile.getHref()} />
          <CalendarFeedCard userId={user.id} />
        </>
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </div>
  );
}
