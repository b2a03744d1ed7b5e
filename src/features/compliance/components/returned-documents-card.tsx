import { useQueryClient } from '@tanstack/react-query';
import { FileWarning } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { useReturnedDocuments } from '@/features/compliance/api/get-returned-documents';
import { complianceKeys } from '@/features/compliance/api/query-keys';

/** The agent's returned documents with the coordinator's reason, each linking to the listing to upload a new version. Hidden when there are none. */
export function ReturnedDocumentsCard({ agentId, listingHref }: { agentId: string; listingHref: (listingId: string) => string }) {
  const returned = useReturnedDocuments(agentId);
  // A return notifies the agent, so their notifications announce it; a new version (their own upload) is seen when the dashboard opens again.
  const queryClient = useQueryClient();
  useLiveChanges({}, { notifications: () => void queryClient.invalidateQueries({ queryKey: complianceKeys.returnedForAgent(agentId) }) });
  if (!returned.data?.length) return null;
  return (
    <Card className="gap-3 border-red-200 dark:border-red-900" role="region" aria-labelledby="returned-documents-heading">
      <CardHeader>
        <CardTitle id="returned-documents-heading" className="flex items-center gap-2">
          <FileWarning aria-hidden className="text-destructive size-5" />
          Returned documents
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {returned.data.map((document) => (
            <li key={document.id} className="flex flex-col gap-0.5 text-sm" data-testid="returned-document">
              <Link to={listingHref(document.listing_id)} className="font-medium underline-offset-4 hover:underline">
                {document.type_label}: {document.address}
              </Link>
              <span className="text-muted-foreground text-xs">{document.file_name}</span>
              {document.review_reason && <span className="text-destructive">{document.review_reason}</span>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
