import { COORDINATOR_AVATAR_CROP } from '@/components/avatar-crop-dialog';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { personName } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { ProfileContactForm } from '@/features/profile/components/profile-contact-form';
import { ProfilePhoto } from '@/features/profile/components/profile-photo';

function TcProfile({ user }: { user: CurrentUser }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">My Profile</h1>
        <p className="text-muted-foreground text-sm">Your photo and contact details, as your agents and fellow coordinators see them.</p>
      </header>
      <Card>
        <CardHeader className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <ProfilePhoto user={user} crop={COORDINATOR_AVATAR_CROP} />
          <div className="flex min-w-0 flex-col items-center gap-2 sm:items-start">
            <h2 className="truncate text-xl font-semibold" data-testid="profile-name">
              {personName({ first_name: user.firstName, last_name: user.lastName })}
            </h2>
            <p className="text-muted-foreground max-w-full truncate text-sm">{user.email}</p>
            <Badge variant="secondary">Transaction Coordinator</Badge>
          </div>
        </CardHeader>
        <CardContent>
          <ProfileContactForm user={user} redirectPath={paths.tcProfile.getHref()} />
        </CardContent>
      </Card>
    </div>
  );
}

/** /tc-profile (spec part 2 §2 'TC Profile'): photo with crop, contact details with Edit Profile / Save / Cancel. */
export function TcProfileRoute() {
  const { data: user } = useCurrentUser();
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      {user ? <TcProfile user={user} /> : <Skeleton className="h-40 w-full" />}
    </RequireRole>
  );
}
