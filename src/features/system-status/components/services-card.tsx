import { TriangleExclamationPoint } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { HealthUnavailableError, useHealth, type Health, type ServiceStatus } from '@/features/system-status/api/get-health';
import { StatusBadge, type StatusLevel } from '@/features/system-status/components/status-badge';

const SERVICE_NAMES: Record<string, string> = {
  db: 'Database',
  database: 'Database',
  postgres: 'Database',
  rest: 'REST API',
  postgrest: 'REST API',
  auth: 'Auth',
  storage: 'Storage',
  realtime: 'Realtime',
  functions: 'Edge Functions',
  mail: 'Mail',
};

function serviceName(key: string): string {
  return SERVICE_NAMES[key.toLowerCase()] ?? key.replace(/[-_]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

function overallLevel(health: Health): StatusLevel {
  const services = Object.values(health.services);
  if (health.ok && services.every((s) => s.ok)) return 'operational';
  return services.some((s) => s.ok) ? 'degraded' : 'down';
}

function ServiceRow({ name, status }: { name: string; status: ServiceStatus }) {
  const latency = status.latencyMs !== undefined ? `${Math.round(status.latencyMs)} ms` : undefined;
  // "ok" repeats the badge; only say something the badge does not.
  const detail = status.detail && !/^ok$/i.test(status.detail) ? status.detail : undefined;
  return (
    <li data-service={name} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="text-sm font-medium">{serviceName(name)}</p>
        {(detail ?? latency) && <p className="text-muted-foreground truncate text-xs">{[detail, latency].filter(Boolean).join(' · ')}</p>}
      </div>
      <StatusBadge level={status.ok ? 'operational' : 'down'} />
    </li>
  );
}

function ServicesSkeleton() {
  return (
    <ul aria-label="Loading services" className="divide-y">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="flex items-center justify-between py-3 first:pt-0 last:pb-0">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-5 w-24" />
        </li>
      ))}
    </ul>
  );
}

/** Services as reported by the `health` Edge Function; says so plainly when that function cannot answer. */
export function ServicesCard() {
  const health = useHealth();
  const unavailable = health.error instanceof HealthUnavailableError;
  const level: StatusLevel | undefined = health.data ? overallLevel(health.data) : health.isError ? (unavailable ? 'unavailable' : 'down') : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Services</CardTitle>
        <CardDescription>Reported by the health Edge Function</CardDescription>
        {level && (
          <CardAction>
            <StatusBadge level={level} />
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {health.isPending && <ServicesSkeleton />}
        {health.isError && (
          <Alert>
            <TriangleExclamationPoint />
            <AlertTitle>{unavailable ? 'Health check unavailable' : 'Could not reach the health function'}</AlertTitle>
            <AlertDescription>
              <p>
                {health.error.message}
                {health.error instanceof HealthUnavailableError && health.error.status ? ` (HTTP ${health.error.status})` : ''}
              </p>
              <p>The other checks on this page do not depend on it.</p>
            </AlertDescription>
          </Alert>
        )}
        {health.data && (
          <ul className="divide-y">
            {Object.entries(health.data.services).map(([name, status]) => (
              <ServiceRow key={name} name={name} status={status} />
            ))}
          </ul>
        )}
      </CardContent>
      {health.data && (
        <CardFooter className="text-muted-foreground text-xs">
          Checked at {new Date(health.data.checkedAt).toLocaleTimeString()}
        </CardFooter>
      )}
    </Card>
  );
}
