import type { AvatarCropSettings } from '@/components/avatar-crop-dialog';
import { EmailAddress } from '@/components/email-address';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { personName } from '@/components/user-avatar';
import type { CurrentUser } from '@/hooks/use-current-user';
import { roleLabel } from '@/lib/role-label';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { ProfilePhoto } from '@/features/profile/components/profile-photo';
import type { ProfileFormVariant } from '@/features/profile/components/profile-form-variants';

/**
 * One's own profile: photo with the crop dialog, name, e-mail and role badge,
 * then the profile form. Configured per screen (crop settings, form variant),
 * the same card for the coordinator and the agent.
 */
export function ProfileCard({
  user,
  crop,
  variant,
  badgeRole,
  redirectPath,
}: {
  user: CurrentUser;
  crop: AvatarCropSettings;
  variant: ProfileFormVariant;
  /** The role named on the badge ('tc' → 'Transaction Coordinator', 'agent' → 'Agent'). */
  badgeRole: string;
  redirectPath: string;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <ProfilePhoto user={user} crop={crop} />
        <div className="flex min-w-0 flex-col items-center gap-2 sm:items-start">
          <h2 className="max-w-full text-xl font-semibold break-words" data-testid="profile-name">
            {personName({ first_name: user.firstName, last_name: user.lastName })}
          </h2>
          <EmailAddress email={user.email} className="text-muted-foreground max-w-full text-sm" />
          <Badge variant="secondary">{roleLabel(badgeRole)}</Badge>
        </div>
      </CardHeader>
      <CardContent>
        <ProfileForm user={user} variant={variant} redirectPath={redirectPath} />
      </CardContent>
    </Card>
  );
}
