import { Lightbulb } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { WorkflowInsight } from '@/features/ai/api/get-workflow-insights';
import { confidenceLevel } from '@/features/ai/components/workflow-insight-confidence';

const TYPE_LABELS: Record<string, string> = {
  reminder_optimization: 'Reminder optimization',
  task_prediction: 'Task prediction',
  efficiency_pattern: 'Efficiency pattern',
  other: 'Other',
};

function ConfidenceBadge({ confidence }: { confidence: number }) {
  const { level, className } = confidenceLevel(confidence);
  return (
    <Badge className={cn('border-transparent tabular-nums', className)} data-confidence={level}>
      {Math.round(confidence * 100)}% confidence
    </Badge>
  );
}

/** The generated insights: title, confidence, type, description and recommendation. */
export function WorkflowInsightList({ insights, isPending }: { insights: WorkflowInsight[] | undefined; isPending: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Insights</h2>
        </CardTitle>
        <CardDescription>Drawn from how tasks are assigned, answered and completed.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : !insights?.length ? (
          <p className="text-muted-foreground text-sm">No insights yet. Choose Generate Insights to analyse your team&apos;s workflow.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Insights">
            {insights.map((insight) => (
              <li key={insight.id} className="flex flex-col gap-2 rounded-lg border p-4" data-testid="workflow-insight">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="flex min-w-0 items-start gap-2 font-medium break-words">
                    <Lightbulb aria-hidden className="text-muted-foreground mt-0.5 size-4 shrink-0" />
                    {insight.title}
                  </h3>
                  <div className="flex flex-wrap gap-2">
                    <Badge variant="outline">{TYPE_LABELS[insight.insight_type] ?? insight.insight_type}</Badge>
                    <ConfidenceBadge confidence={Number(insight.confidence)} />
                  </div>
                </div>
                {insight.description && <p className="text-sm">{insight.description}</p>}
                {insight.recommendation && (
                  <p className="text-muted-foreground text-sm">
                    <span className="text-foreground font-medium">Recommendation: </span>
                    {insight.recommendation}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
