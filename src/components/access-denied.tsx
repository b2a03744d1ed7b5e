import { ShieldAlert } from 'lucide-react';

/**
 * The spec's Access Denied screens. They only explain; the database's RLS is
 * what actually refuses the data.
 */
export function AccessDenied({ title = 'Access Denied', message }: { title?: string; message: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <span className="bg-destructive/10 text-destructive grid size-12 place-items-center rounded-full">
        <ShieldAlert aria-hidden className="size-6" />
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground text-sm">{message}</p>
    </div>
  );
}
