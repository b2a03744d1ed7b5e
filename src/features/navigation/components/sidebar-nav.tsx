import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { cn } from '@/lib/utils';
import { isNavItemActive, type NavItem } from '@/features/navigation/nav-items';

/** What a badge adds to a link's accessible name, e.g. '3 unread'. */
const badgeText = (count: number) => `${count} unread`;

/**
 * The role's navigation links; collapsed, each shows only its icon with the
 * label as tooltip and accessible name. `badges` (by href) puts a count on an
 * item, e.g. unread notifications; zero shows nothing.
 */
export function SidebarNav({
  items,
  collapsed,
  onNavigate,
  badges = {},
}: {
  items: NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
  badges?: Partial<Record<string, number>>;
}) {
  const { pathname } = useLocation();
  // Unique per sidebar: the desktop aside and the phone drawer may both be mounted.
  const idPrefix = useId();
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
      <ul className="flex flex-col gap-1" data-testid="sidebar-items">
        {items.map((item) => {
          const active = isNavItemActive(item.href, pathname);
          const count = badges[item.href] ?? 0;
          const badgeId = `${idPrefix}-badge-${item.label.replace(/\W/g, '')}`;
          const link = (
            <Link
              to={item.href}
              onClick={onNavigate}
              // Our active rule (spec) differs from NavLink's, hence a plain Link with aria-current from `active`.
              aria-current={active ? 'page' : undefined}
              aria-label={collapsed ? item.label : undefined}
              aria-describedby={count > 0 ? badgeId : undefined}
              data-active={active}
              className={cn(
                'text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-sidebar-ring flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-2',
                active && 'bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary/90 hover:text-sidebar-primary-foreground',
                collapsed && 'justify-center px-0',
              )}
            >
              <span className="relative">
                <item.icon aria-hidden className="size-4.5 shrink-0" />
                {collapsed && count > 0 && <span aria-hidden className="bg-destructive ring-sidebar absolute -top-1 -right-1 size-2.5 rounded-full ring-2" />}
              </span>
              {!collapsed && <span className="truncate">{item.label}</span>}
              {!collapsed && count > 0 && (
                // The number is drawn by CSS (content: attr) so the link's text stays its label; the description says it.
                <span
                  aria-hidden
                  data-count={count > 99 ? '99+' : count}
                  className="bg-destructive ml-auto min-w-5 rounded-full px-1.5 text-center text-xs leading-5 font-semibold text-white tabular-nums after:content-[attr(data-count)]"
                  data-testid="nav-badge"
                />
              )}
            </Link>
          );
          return (
            <li key={item.label}>
              {count > 0 && (
                <span id={badgeId} className="sr-only">
                  {badgeText(count)}
                </span>
              )}
              {collapsed ? (
                <LazyTooltip label={item.label} side="right">
                  {link}
                </LazyTooltip>
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
