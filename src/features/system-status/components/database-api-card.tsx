import { CircleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthSession } from '@/features/system-status/api/get-auth-session';
import { useRestApiInfo } from '@/features/system-status/api/get-rest-api-info';
import { StatusBadge } from '@/features/system-status/components/status-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="text-right text-sm font-medium">{children}</dd>
    </div>
  );
}

function SessionFact() {
  const session = useAuthSession();
  if (session.isPending) return <Skeleton className="h-4 w-20" />;
  if (session.isError) return <span className="text-destructive">Unreadable</span>;
  return session.data.signedIn ? <>Signed in as {session.data.email ?? 'a user'}</> : <>Signed out</>;
}

/** What PostgREST says about itself (read by the health function with the service role key), plus the browser's auth session. */
export function DatabaseApiCard() {
  const rest = useRestApiInfo();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Database API</CardTitle>
        <CardDescription>PostgREST, as the health function reads it</CardDescription>
        {!rest.isPending && (
          <CardAction>
            <StatusBadge level={rest.isError ? 'down' : 'operational'} />
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {rest.isError ? (
          <Alert variant="destructive">
            <CircleExclamationPoint />
            <AlertTitle>Could not reach the REST API</AlertTitle>
            <AlertDescription>{rest.error.message}</AlertDescription>
          </Alert>
        ) : (
          <dl className="divide-y">
            <Fact label="Server">{rest.data ? `PostgREST ${rest.data.version}` : <Skeleton className="h-4 w-28" />}</Fact>
            <Fact label="Schema">{rest.data ? rest.data.schemaTitle : <Skeleton className="h-4 w-36" />}</Fact>
            <Fact label="Exposed endpoints">{rest.data ? rest.data.endpointCount : <Skeleton className="h-4 w-8" />}</Fact>
            <Fact label="Response time">{rest.data ? (rest.data.latencyMs === undefined ? 'Not measured' : `${rest.data.latencyMs} ms`) : <Skeleton className="h-4 w-12" />}</Fact>
            <Fact label="Auth session">
              <SessionFact />
            </Fact>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
