import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ShowMoreButton } from '@/components/show-more-button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { can, type Viewer } from '@/lib/permissions';
import { TEAM_DOCUMENT_PAGE_SIZE, useTeamDocuments } from '@/features/documents/api/get-team-documents';
import { DocumentRow } from '@/features/documents/components/document-row';
import { UploadDocumentDialog } from '@/features/documents/components/upload-document-dialog';
import { scopeQueryKey } from '@/features/documents/lib/document-scope';

/**
 * A team's general documents (spec part 2 §2 'Team Documents'): Upload, then
 * file name, uploader, date and size with View, Download and (for the uploader
 * and the team's coordinator) Delete; newest first, paged, live.
 */
export function TeamDocuments({ teamId, user }: { teamId: string; user: Viewer }) {
  const [limit, setLimit] = useState(TEAM_DOCUMENT_PAGE_SIZE);
  const documents = useTeamDocuments(teamId, limit);
  const queryClient = useQueryClient();
  // A team's documents have no listing; the user hears only those of teams they may read.
  useLiveChanges({ listingId: null }, { documents: () => void queryClient.invalidateQueries({ queryKey: scopeQueryKey({ teamId }) }) });

  return (
    <Card className="gap-4" data-testid="team-documents">
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <h2 className="text-lg font-semibold">Documents ({documents.data?.total ?? 0})</h2>
        </CardTitle>
        <UploadDocumentDialog scope={{ teamId }} userId={user.id} />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {documents.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : documents.isError ? (
          <p className="text-destructive text-sm">Could not load documents: {documents.error.message}</p>
        ) : documents.data.documents.length === 0 ? (
          <p className="text-muted-foreground py-8 text-center text-sm">No documents uploaded yet.</p>
        ) : (
          <>
            <ul className="flex flex-col gap-2" aria-label="Team documents">
              {documents.data.documents.map((document) => (
                <DocumentRow key={document.id} document={document} canDelete={can.deleteTeamDocument(user, document)} />
              ))}
            </ul>
            <ShowMoreButton
              shown={documents.data.documents.length}
              total={documents.data.total}
              loading={documents.isFetching}
              onClick={() => setLimit((n) => n + TEAM_DOCUMENT_PAGE_SIZE)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
