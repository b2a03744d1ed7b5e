import type { FormEvent, ReactElement, ReactNode } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';

/**
 * A dialog holding one small form: optional trigger, title and description,
 * the fields, then Cancel and submit. The caller validates in `onSubmit`
 * (zod) and shows messages next to its fields, so the browser's own
 * validation bubbles are off.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactElement;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <FormDialogFooter onCancel={() => onOpenChange(false)} submitLabel={submitLabel} pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
