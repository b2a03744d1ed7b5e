import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { DESCRIPTION_MAX_CHARS } from '@/features/ai/api/generate-listing-descriptions';

/** How long the copy button says 'Copied!' after a copy. */
const COPIED_MS = 2000;

/** One generated style: its name, the text, 'N/800 chars' and a copy button (spec part 2 §2). */
export function ListingDescriptionCard({ name, description }: { name: string; description: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(description);
      setCopied(true);
      toast({ title: 'Copied!', description: `${name} description copied to the clipboard.` });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  };

  return (
    <Card className="gap-3" data-testid="listing-description" aria-label={`${name} description`} role="article">
      <CardHeader>
        <CardTitle className="text-base">{name}</CardTitle>
        <CardAction>
          <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={copied ? `${name} copied` : `Copy ${name} description`}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-sm leading-relaxed break-words whitespace-pre-line">{description}</p>
        <p className="text-muted-foreground text-xs tabular-nums" data-testid="description-length">
          {description.length}/{DESCRIPTION_MAX_CHARS} chars
        </p>
      </CardContent>
    </Card>
  );
}
