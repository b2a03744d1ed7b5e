import { Activity, CheckCircle2, Clock, Lightbulb, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { RequireRole } from '@/components/require-role';
import { StatCards, type StatCard } from '@/components/stat-cards';
import { Button } from '@/components/ui/button';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { can, isSuperAdmin } from '@/lib/permissions';
import { AgentFilter } from '@/app/routes/ai-workflow-insights/agent-filter';
import { useGenerateWorkflowInsights } from '@/features/ai/api/generate-workflow-insights';
import { useAiStatus } from '@/features/ai/api/get-ai-status';
import { AiSetupHint } from '@/features/ai/components/ai-setup-hint';
import { useWorkflowInsights } from '@/features/ai/api/get-workflow-insights';
import { useWorkflowPatterns } from '@/features/ai/api/get-workflow-patterns';
import { useWorkflowStats, type WorkflowStats } from '@/features/ai/api/get-workflow-stats';
import { WorkflowInsightList } from '@/features/ai/components/workflow-insight-list';
import { WorkflowPatternList } from '@/features/ai/components/workflow-pattern-list';

/**
 * /ai-workflow-insights (spec part 2 §2): coordinators and the super admin.
 * Stat cards and insights come from SQL statistics and work without an AI
 * model; a configured model only phrases the insights.
 */
export function AiWorkflowInsightsRoute() {
  return (
    <RequireRole allow={can.useWorkflowInsights} deniedMessage="This page is only available to Transaction Coordinators.">
      <WorkflowInsightsScreen />
    </RequireRole>
  );
}

function WorkflowInsightsScreen() {
  const { data: user } = useCurrentUser();
  return user ? <WorkflowInsights user={user} /> : null;
}

/** null (nothing to measure yet) shows a dash rather than a misleading 0. */
const measured = (value: number | null | undefined, unit = '') => (value === null ? '—' : value === undefined ? undefined : `${value.toLocaleString()}${unit}`);

function statCards(stats: WorkflowStats | undefined): StatCard[] {
  return [
    { key: 'patterns', label: 'Total Patterns', icon: Activity, value: stats?.total_patterns },
    { key: 'response', label: 'Avg Response Time (hours)', icon: Clock, value: stats && (stats.avg_response_hours ?? 0), display: measured(stats?.avg_response_hours) },
    { key: 'completion', label: 'Completion Rate', icon: CheckCircle2, value: stats && (stats.completion_rate ?? 0), display: measured(stats?.completion_rate, '%') },
    { key: 'insights', label: 'Active Insights', icon: Lightbulb, value: stats?.active_insights },
  ];
}

function WorkflowInsights({ user }: { user: CurrentUser }) {
  const [agentId, setAgentId] = useState<string | null>(null);
  // A super admin's workflow is everyone's (as workflow_stats counts it); a coordinator's their own.
  const scopeTcId = isSuperAdmin(user) ? 'all' : user.id;
  const stats = useWorkflowStats(agentId);
  const insights = useWorkflowInsights(user.id, agentId);
  const patterns = useWorkflowPatterns(scopeTcId, agentId);
  const aiStatus = useAiStatus();
  const generate = useGenerateWorkflowInsights();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">AI Workflow Insights</h1>
        <p className="text-muted-foreground text-sm">Patterns in how your agents receive, answer and complete tasks, and what to do about them.</p>
      </header>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <AgentFilter tcId={scopeTcId} value={agentId} onChange={setAgentId} />
        <Button onClick={() => generate.mutate({ agentId })} disabled={generate.isPending} className="sm:w-auto">
          <Sparkles aria-hidden />
          {generate.isPending ? 'Generating...' : 'Generate Insights'}
        </Button>
      </div>
      {aiStatus.data?.configured === false && (
        <div role="status" className="text-muted-foreground flex flex-col gap-2 rounded-md border px-3 py-2 text-sm" data-testid="ai-not-configured">
          <p>AI is not configured, so insights are worded from the statistics alone; they are computed the same way.</p>
          <details>
            <summary className="text-foreground cursor-pointer font-medium">How to have a model phrase them</summary>
            <div className="pt-2">
              <AiSetupHint />
            </div>
          </details>
        </div>
      )}
      {stats.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Could not load the workflow statistics: {stats.error.message}
        </p>
      ) : (
        <StatCards cards={statCards(stats.data)} label="Workflow statistics" />
      )}
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <WorkflowInsightList insights={insights.data} isPending={insights.isPending} />
        <WorkflowPatternList patterns={patterns.data} isPending={patterns.isPending} />
      </div>
    </div>
  );
}
