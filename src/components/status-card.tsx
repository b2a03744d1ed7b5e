import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/**
 * One state of a public flow (onboarding, complete-invitation): a heading, a
 * sentence and optionally an action. `busy` marks a state still working, so
 * screen readers hear it as a live status.
 */
export function StatusCard({ title, description, icon, busy, children }: { title: string; description: ReactNode; icon?: ReactNode; busy?: boolean; children?: ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-md" role={busy ? 'status' : undefined} aria-busy={busy || undefined}>
      <CardHeader className="items-center text-center">
        {icon && <div className="text-muted-foreground mb-2 flex justify-center">{icon}</div>}
        <h1 className="text-xl leading-tight font-semibold tracking-tight">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children && <CardContent className="flex flex-col items-center gap-3">{children}</CardContent>}
    </Card>
  );
}
