import { Bot } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/**
 * What an AI screen shows when no model provider is configured: plainly that
 * AI is off and how an operator turns it on. Never a canned answer instead.
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
          <p className="text-muted-foreground">
            To turn it on, set <code className="bg-muted text-foreground rounded px-1 font-mono text-xs">OPENAI_API_KEY</code> (and optionally{' '}
            <code className="bg-muted text-foreground rounded px-1 font-mono text-xs">OPENAI_BASE_URL</code> for any OpenAI-compatible server and{' '}
            <code className="bg-muted text-foreground rounded px-1 font-mono text-xs">OPENAI_MODEL</code>) in the Edge Functions&apos; environment:{' '}
            <code className="bg-muted text-foreground rounded px-1 font-mono text-xs">supabase/functions/.env</code> locally, project secrets on hosted Supabase. The
            super administrator&apos;s System Settings show whether it is set.
          </p>
          {stillWorks && <p className="text-muted-foreground">{stillWorks}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
