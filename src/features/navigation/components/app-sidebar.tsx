import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { cn } from '@/lib/utils';
import { navItemsForRole } from '@/features/navigation/nav-items';
import { SidebarNav } from '@/features/navigation/components/sidebar-nav';
import { SidebarUser } from '@/features/navigation/components/sidebar-user';

/**
 * The sidebar's content: brand and collapse toggle, an optional slot (the
 * role switcher, composed in by the app layer), the role's links and the
 * user footer. Used fixed on wide screens and inside a drawer on phones.
 */
export function AppSidebar({
  user,
  collapsed,
  onToggleCollapsed,
  onNavigate,
  extra,
  badges,
}: {
  user: CurrentUser;
  collapsed: boolean;
  /** Absent in the phone drawer, which is always wide. */
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
  extra?: ReactNode;
  /** Counts shown on items, by href (composed in by the app layer, e.g. unread notifications). */
  badges?: Partial<Record<string, number>>;
}) {
  return (
    <div className="bg-sidebar text-sidebar-foreground flex h-full flex-col" data-collapsed={collapsed} data-testid="app-sidebar">
      <div className={cn('flex h-16 shrink-0 items-center gap-2 border-b px-3', collapsed ? 'justify-center' : 'justify-between')}>
        {!collapsed && (
          <Link to={paths.home.getHref()} onClick={onNavigate} className="focus-visible:ring-sidebar-ring rounded-md outline-none focus-visible:ring-2">
            <BrandMark />
          </Link>
        )}
        {onToggleCollapsed && (
          <Button
            variant="ghost"
            size="icon"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className="hover:bg-sidebar-accent"
            data-testid="sidebar-toggle"
          >
            {collapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
          </Button>
        )}
      </div>
      {extra && <div className={cn('px-3 pt-3', collapsed && 'flex justify-center')}>{extra}</div>}
      <SidebarNav items={navItemsForRole(user.role)} collapsed={collapsed} onNavigate={onNavigate} badges={badges} />
      <SidebarUser user={user} collapsed={collapsed} />
    </div>
  );
}
