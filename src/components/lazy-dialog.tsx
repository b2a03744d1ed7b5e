import { Slot } from 'radix-ui';
import { Suspense, useState, type ReactElement, type ReactNode } from 'react';

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
 * dialog (`children`, a `React.lazy` component fed the state) mounts on the
 * first click and stays mounted, so it keeps its state and closing animation
 * like a static one. The trigger carries the `aria-haspopup` and
 * `aria-expanded` a Radix trigger would.
 */
export function LazyDialog({ trigger, load, children }: { trigger: ReactElement; load: () => Promise<unknown>; children: (dialog: LazyDialogState) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [triggerElement, setTriggerElement] = useState<HTMLElement | null>(null);
  // A failed download surfaces when the dialog renders (the route's error boundary); a prefetch only warms the cache.
  const prefetch = () => void load().catch(() => undefined);
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
      {used && <Suspense fallback={null}>{children({ open, onOpenChange: setOpen, onCloseAutoFocus })}</Suspense>}
    </>
  );
}
