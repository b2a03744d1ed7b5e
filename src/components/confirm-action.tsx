import type { ReactElement } from 'react';
import type { ConfirmQuestion } from '@/components/confirm-dialog';
import { LazyDialog } from '@/components/lazy-dialog';

const loadConfirmDialog = () => import('@/components/confirm-dialog').then((m) => m.ConfirmDialog);

/** A destructive action behind the spec's confirmation question; the dialog's code loads when the trigger is first used. */
export function ConfirmAction({ trigger, ...confirm }: ConfirmQuestion & { trigger: ReactElement }) {
  return (
    <LazyDialog trigger={trigger} name="confirm-dialog" load={loadConfirmDialog}>
      {(ConfirmDialog, dialog) => <ConfirmDialog {...dialog} {...confirm} />}
    </LazyDialog>
  );
}
