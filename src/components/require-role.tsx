import type { ReactNode } from 'react';
import { AccessDenied } from '@/components/access-denied';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { isSuperAdmin } from '@/lib/permissions';

/**
 * Shows a screen only to the roles it is meant for, else the spec's Access
 * Denied text. A courtesy for the interface: the data stays guarded by RLS.
 */
export function RequireRole({
  allow,
  deniedTitle,
  deniedMessage,
  children,
}: {
  allow: (user: CurrentUser) => boolean;
  deniedTitle?: string;
  deniedMessage: string;
  children: ReactNode;
}) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (!user || !allow(user)) return <AccessDenied title={deniedTitle} message={deniedMessage} />;
  return children;
}

/** Coordinator screens: tc, and the super admin (who has every coordinator right). */
export const isCoordinatorOrAdmin = (user: CurrentUser) => user.role === 'tc' || isSuperAdmin(user);
