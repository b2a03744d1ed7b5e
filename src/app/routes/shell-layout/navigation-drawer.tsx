import type { ReactNode } from 'react';
import type { LazyDialogState } from '@/components/lazy-dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

/** The phone's navigation drawer around the sidebar (`children`); loaded when its button is first used. */
export function NavigationDrawer({ open, onOpenChange, onCloseAutoFocus, children }: LazyDialogState & { children: ReactNode }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-64 gap-0 p-0 sm:max-w-64" onCloseAutoFocus={onCloseAutoFocus}>
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">Screens of ListingDesk for your role</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
