import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmailAddress } from '@/components/email-address';
import { ShowMoreButton } from '@/components/show-more-button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { personName, UserAvatar } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import type { AgentPage, AgentSummary } from '@/features/agents/api/agent-list-page';

interface AgentListCardProps {
  /** Heading without the count, e.g. 'My Assigned Agents'; the card adds ' (n)'. */
  title: string;
  testId: string;
  page: { data: AgentPage | undefined; isPending: boolean; isError: boolean; error: Error | null; isFetching: boolean };
  /** Spec empty text when nothing is listed and nothing is searched. */
  emptyText: string;
  searching: boolean;
  /** The agent's name links to their profile (only where the viewer may read it). */
  linkNames: boolean;
  action: (agent: AgentSummary) => ReactNode;
  onShowMore: () => void;
}

/** One of the Agent Assignments lists: count in the heading, rows with avatar, name, e-mail and one action. */
export function AgentListCard({ title, testId, page, emptyText, searching, linkNames, action, onShowMore }: AgentListCardProps) {
  const { data } = page;
  return (
    <Card className="min-w-0 gap-4" data-testid={testId}>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">
            {title} ({data?.total ?? 0})
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {page.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : page.isError ? (
          <p className="text-destructive text-sm">Could not load agents: {page.error?.message}</p>
        ) : !data || data.agents.length === 0 ? (
          <p className="text-muted-foreground py-6 text-center text-sm">{searching ? 'No agents match your search' : emptyText}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y" aria-label={title}>
              {data.agents.map((agent) => (
                <li key={agent.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="agent-row">
                  <UserAvatar person={agent} className="size-10" />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      {linkNames ? (
                        <Link to={paths.agent.getHref(agent.id)} className="hover:underline">
                          {personName(agent)}
                        </Link>
                      ) : (
                        personName(agent)
                      )}
                      {agent.is_test_profile && <Badge variant="outline">Test Profile</Badge>}
                    </span>
                    <EmailAddress email={agent.email} className="text-muted-foreground text-sm" />
                  </div>
                  {action(agent)}
                </li>
              ))}
            </ul>
            <ShowMoreButton shown={data.agents.length} total={data.total} loading={page.isFetching} onClick={onShowMore} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
