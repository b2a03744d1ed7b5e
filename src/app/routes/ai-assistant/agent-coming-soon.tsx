import { Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

/** What agents see on /ai-assistant (spec part 2 §1, §2, §6): the assistant is coming to realtors later, as a paid add-on. */
export function AgentComingSoon() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">AI Assistant</h1>
      </header>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-6 text-center" data-testid="ai-coming-soon">
          <span className="bg-primary/10 text-primary grid size-14 place-items-center rounded-full">
            <Sparkles aria-hidden className="size-7" />
          </span>
          <Badge variant="secondary">Coming Soon</Badge>
          <h2 className="text-xl font-semibold tracking-tight">The AI assistant is coming to realtors</h2>
          <p className="text-muted-foreground max-w-prose text-sm">
            Today the AI assistant (AI chat and listing descriptions) is available to transaction coordinators. Realtor access will come later for a small
            monthly add-on fee.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
