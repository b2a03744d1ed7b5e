import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { DatabaseApiCard } from '@/features/system-status/components/database-api-card';
import { ServicesCard } from '@/features/system-status/components/services-card';
import { useRefreshSystemStatus } from '@/features/system-status/hooks/use-refresh-system-status';
import { cn } from '@/lib/utils';

export function SystemStatusOverview() {
  const { refresh, isRefreshing } = useRefreshSystemStatus();

  return (
    <section aria-labelledby="system-status-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="system-status-heading" className="text-xl font-semibold tracking-tight">
            System status
          </h2>
          <p className="text-muted-foreground text-sm">
            Live checks against the back end at <span className="text-foreground font-mono text-xs">{new URL(env.VITE_SUPABASE_URL).host}</span>
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={isRefreshing} className="self-start sm:self-auto">
          <RefreshCw className={cn(isRefreshing && 'animate-spin')} />
          {isRefreshing ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <ServicesCard />
        <DatabaseApiCard />
      </div>
    </section>
  );
}
