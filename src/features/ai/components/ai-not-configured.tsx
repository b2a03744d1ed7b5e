import { Bot } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { AiSetupHint } from '@/features/ai/components/ai-setup-hint';

/**
 * What an AI screen shows when no model provider is configured: plainly that
 * AI is off and how whoever runs the installation turns it on. Never a canned
 * answer instead.
 */
export function AiNotConfigured({ what, stillWorks }: { what: string; stillWorks?: string }) {
  return (
    <Card role="status" data-testid="ai-not-configured">
      <CardContent className="flex flex-col gap-3 py-2 sm:flex-row sm:items-start">
        <span className="bg-muted text-muted-foreground grid size-10 shrink-0 place-items-center rounded-full">
          <Bot aria-hidden className="size-5" />
        </span>
        <div className="flex flex-col gap-1.5 text-sm">
          <h2 className="text-base font-semibold">AI is not configured</h2>
          <p className="text-muted-foreground">{what} needs an AI model provider, and none is configured for this installation.</p>
          <AiSetupHint />
          {stillWorks && <p className="text-muted-foreground">{stillWorks}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
