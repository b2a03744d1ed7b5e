import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';

/** Stands in for a screen whose feature is not built yet, naming it so nobody mistakes it for a broken page. */
export function FeaturePlaceholder({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      </header>
      <section
        aria-label={`${title} status`}
        className="bg-muted/40 text-muted-foreground flex items-start gap-3 rounded-lg border border-dashed p-5 text-sm"
        data-testid="feature-placeholder"
      >
        <Construction aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="flex flex-col gap-1">
          <p className="text-foreground font-medium">{title} is not built yet</p>
          <p>{description}</p>
        </div>
      </section>
      {children}
    </div>
  );
}
