import { ArrowLeftRight, ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/** The 'Switch Role' button: the menu's trigger, and its stand-in while the menu's code loads. */
export function RoleSwitcherButton({ collapsed, ...props }: { collapsed: boolean } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="outline"
      size={collapsed ? 'icon' : 'sm'}
      className={collapsed ? undefined : 'w-full justify-between'}
      aria-label={collapsed ? 'Switch Role' : undefined}
      data-testid="role-switcher"
      {...props}
    >
      {collapsed ? (
        <ArrowLeftRight aria-hidden />
      ) : (
        <>
          <span className="inline-flex items-center gap-2">
            <ArrowLeftRight aria-hidden />
            Switch Role
          </span>
          <ChevronDown aria-hidden className="opacity-60" />
        </>
      )}
    </Button>
  );
}
