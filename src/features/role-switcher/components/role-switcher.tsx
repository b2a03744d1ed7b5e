import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { Role } from '@/hooks/use-current-user';
import { useSwitchRole } from '@/features/role-switcher/api/switch-role';
import { RoleSwitcherButton } from '@/features/role-switcher/components/role-switcher-button';

const ROLE_VIEWS: { role: Role; label: string }[] = [
  { role: 'super_admin', label: 'Admin View' },
  { role: 'agent', label: 'Agent View' },
  { role: 'tc', label: 'TC View' },
];

/**
 * 'Switch Role' for the one privileged account. The caller decides whether
 * to show it from `canSwitchRole`, which the database computes.
 */
export function RoleSwitcher({ currentRole, collapsed }: { currentRole: Role; collapsed: boolean }) {
  const switchRole = useSwitchRole();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <RoleSwitcherButton collapsed={collapsed} disabled={switchRole.isPending} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side={collapsed ? 'right' : 'bottom'} className="w-48">
        <DropdownMenuLabel>Switch Role</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ROLE_VIEWS.filter((view) => view.role !== currentRole).map((view) => (
          <DropdownMenuItem key={view.role} onSelect={() => switchRole.mutate({ target: view.role })}>
            {view.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
