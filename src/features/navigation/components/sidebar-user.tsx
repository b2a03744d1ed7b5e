import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { cn } from '@/lib/utils';
import { roleBadgeLabel } from '@/features/navigation/nav-items';

function initials(user: CurrentUser): string {
  const letters = `${user.firstName?.trim().charAt(0) ?? ''}${user.lastName?.trim().charAt(0) ?? ''}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function fullName(user: CurrentUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** Sidebar footer: avatar, full name, role badge and Sign Out. */
export function SidebarUser({ user, collapsed }: { user: CurrentUser; collapsed: boolean }) {
  const name = fullName(user);
  const signOut = (
    <Button
      asChild
      variant="ghost"
      size={collapsed ? 'icon' : 'sm'}
      className={cn('text-sidebar-foreground/80 hover:bg-sidebar-accent', !collapsed && 'w-full justify-start')}
    >
      <Link to={paths.logout.getHref()} aria-label={collapsed ? 'Sign Out' : undefined}>
        <LogOut aria-hidden />
        {!collapsed && 'Sign Out'}
      </Link>
    </Button>
  );
  return (
    <div className={cn('flex flex-col gap-2 border-t p-3', collapsed && 'items-center')} data-testid="sidebar-user">
      <div className={cn('flex items-center gap-3', collapsed && 'flex-col gap-1.5')}>
        <Avatar className="size-9">
          {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
          <AvatarFallback className="bg-sidebar-primary text-sidebar-primary-foreground text-xs font-semibold">{initials(user)}</AvatarFallback>
        </Avatar>
        <div className={cn('flex min-w-0 flex-col gap-1', collapsed && 'items-center')}>
          <span className={cn('truncate text-sm font-medium', collapsed && 'sr-only')} data-testid="sidebar-user-name">
            {name}
          </span>
          <Badge variant="secondary" className={cn(collapsed && 'px-1.5')} data-testid="sidebar-role-badge">
            {roleBadgeLabel(user.role, collapsed)}
          </Badge>
        </div>
      </div>
      {collapsed ? (
        <LazyTooltip label="Sign Out" side="right">
          {signOut}
        </LazyTooltip>
      ) : (
        signOut
      )}
    </div>
  );
}
