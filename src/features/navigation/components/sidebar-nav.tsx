import { Link, useLocation } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { isNavItemActive, type NavItem } from '@/features/navigation/nav-items';

/** The role's navigation links; collapsed, each shows only its icon with the label as tooltip and accessible name. */
export function SidebarNav({ items, collapsed, onNavigate }: { items: NavItem[]; collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
      <ul className="flex flex-col gap-1" data-testid="sidebar-items">
        {items.map((item) => {
          const active = isNavItemActive(item.href, pathname);
          const link = (
            <Link
              to={item.href}
              onClick={onNavigate}
              // Our active rule (spec) differs from NavLink's, hence a plain Link with aria-current from `active`.
              aria-current={active ? 'page' : undefined}
              aria-label={collapsed ? item.label : undefined}
              data-active={active}
              className={cn(
                'text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-sidebar-ring flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-2',
                active && 'bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary/90 hover:text-sidebar-primary-foreground',
                collapsed && 'justify-center px-0',
              )}
            >
              <item.icon aria-hidden className="size-4.5 shrink-0" />
              {!collapsed && <span className="truncate">{item.label}</span>}
            </Link>
          );
          return (
            <li key={item.label}>
              {collapsed ? (
                <Tooltip>
                  <TooltipTrigger asChild>{link}</TooltipTrigger>
                  <TooltipContent side="right">{item.label}</TooltipContent>
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
