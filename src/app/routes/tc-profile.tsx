import { COORDINATOR_AVATAR_CROP } from '@/components/avatar-crop-dialog';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/hooks/use-current-user';
import { CalendarFeedCard } from '@/features/contracts/components/calendar-feed-card';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { COORDINATOR_PROFILE_FORM } from '@/features/profile/components/profile-form-variants';

/** /tc-profile (spec part 2 §2 'TC Profile'): photo with crop, contact details with Edit Profile / Save / Cancel; the calendar feed of issue 40. */
export function TcProfileRoute() {
  const { data: user } = useCurrentUser();
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">My Profile</h1>
          <p className="text-muted-foreground text-sm">Your photo and contact details, as your agents and fellow coordinators see them.</p>
        </header>
        {user ? (
          <>
            <ProfileCard user={user} crop={COORDINATOR_AVATAR_CROP} variant={COORDINATOR_PROFILE_FORM} badgeRole="tc" redirectPath={paths.tcProfile.getHref()} />
            <CalendarFeedCard userId={user.id} />
          </>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </div>
    </RequireRole>
  );
}
