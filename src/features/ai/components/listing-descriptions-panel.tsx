import { Info, Loader2, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import {
  ADDRESS_REQUIRED_MESSAGE,
  ADDRESS_REQUIRED_TITLE,
  useGenerateListingDescriptions,
  type ListingDescriptions,
} from '@/features/ai/api/generate-listing-descriptions';
import { useAiStatus } from '@/features/ai/api/get-ai-status';
import { AiNotConfigured } from '@/features/ai/components/ai-not-configured';
import { ListingDescriptionCard } from '@/features/ai/components/listing-description-card';

/**
 * The Listing Descriptions tab of /ai-assistant (spec part 2 §2, §5, §8, §9):
 * Property Address (required), Key Highlights (optional, 3 rows), 'Generate 5
 * Descriptions', then one card per style. Without a configured provider it
 * says so instead of offering the form.
 */
export function ListingDescriptionsPanel() {
  const status = useAiStatus();
  if (status.isPending) return <Skeleton className="h-64 w-full" />;
  if (!status.data?.configured) {
    return <AiNotConfigured what="Listing descriptions" stillWorks="Listings, notes and the rule-based smart reminders work as usual." />;
  }
  return <DescriptionsForm />;
}

function DescriptionsForm() {
  const [address, setAddress] = useState('');
  const [highlights, setHighlights] = useState('');
  const [result, setResult] = useState<ListingDescriptions | null>(null);
  const generate = useGenerateListingDescriptions();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    if (!address.trim()) {
      toast({ title: ADDRESS_REQUIRED_TITLE, description: ADDRESS_REQUIRED_MESSAGE, variant: 'destructive' });
      return;
    }
    generate.mutate(
      { address, highlights },
      {
        onSuccess: (data) => {
          setResult(data);
          toast({ title: 'Listing descriptions generated', description: `${data.styles.length} styles are ready.` });
        },
        onError: (error) => toastFailure('Failed to generate listing descriptions. Please try again.', error),
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Listing Descriptions</CardTitle>
          <CardDescription>Five styles for one property, each at most 800 characters. Your listing&apos;s facts are used when the address matches it.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <FormField id="description-address" label="Property Address">
              <Input
                id="description-address"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                placeholder="e.g. 1418 Barton Hills Dr, Austin, TX 78704"
                maxLength={500}
                aria-required="true"
                autoComplete="off"
              />
            </FormField>
            <FormField id="description-highlights" label="Key Highlights">
              <Textarea
                id="description-highlights"
                rows={3}
                value={highlights}
                onChange={(e) => setHighlights(e.target.value)}
                placeholder="Optional: renovated kitchen, large backyard, walk to schools…"
                maxLength={2000}
              />
            </FormField>
            <Button type="submit" className="self-start" disabled={generate.isPending}>
              {generate.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
              {generate.isPending ? 'Generating…' : 'Generate 5 Descriptions'}
            </Button>
          </form>
        </CardContent>
      </Card>

      {result && (
        <section aria-label="Generated descriptions" className="flex flex-col gap-4">
          {result.researchUsed && result.listingAddress && (
            <p className="text-muted-foreground flex items-start gap-2 text-sm" data-testid="research-used">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>Used the facts of your listing at {result.listingAddress}.</span>
            </p>
          )}
          <div className="grid items-start gap-4 lg:grid-cols-2">
            {result.styles.map((style) => (
              <ListingDescriptionCard key={style.name} name={style.name} description={style.description} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
