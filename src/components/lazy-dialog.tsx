import { useQueryClient } from '@tanstack/react-query';
import { Slot } from 'radix-ui';
import { useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { loadedComponentQuery, useLoadedComponent } from '@/hooks/use-loaded-component';

/** What a lazily loaded dialog gets from its trigger: pass them to the Radix root and content. */
export interface LazyDialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts focus back on the trigger, which Radix does only for a trigger of its own. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * A dialog whose code is not part of the screen's download: `trigger` (a
 * button) renders at once and starts the download on hover or focus; the
 * dialog (`load` fetches its component, named `name` in the query cache;
 * `children` renders it with the state) mounts on the first click, as soon as
 * its code is in (useLoadedComponent: not React.lazy, whose reveal waits
 * 300 ms), and stays mounted, so it keeps its state and closing animation like
 * a static one. The trigger carries the `aria-haspopup` and `aria-expanded` a
 * Radix trigger would.
 */
export function LazyDialog<Props extends object>({
  trigger,
  name,
  load,
  children,
}: {
  trigger: ReactElement;
  name: string;
  load: () => Promise<ComponentType<Props>>;
  children: (Dialog: ComponentType<Props>, dialog: LazyDialogState) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [triggerElement, setTriggerElement] = useState<HTMLElement | null>(null);
  const Dialog = useLoadedComponent(used ? name : undefined, load);
  // A failed download surfaces when the dialog renders (the route's error boundary); a prefetch only warms the cache.
  const prefetch = () => void queryClient.prefetchQuery(loadedComponentQuery(name, load));
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    triggerElement?.focus();
  };
  return (
    <>
      <Slot.Root
        ref={setTriggerElement}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {trigger}
      </Slot.Root>
      {Dialog && children(Dialog, { open, onOpenChange: setOpen, onCloseAutoFocus })}
    </>
  );
}
