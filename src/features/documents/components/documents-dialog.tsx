import { useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveChanges } from '@/hooks/use-live-changes';
import type { Tables } from '@/lib/database.types';
import { useDocuments } from '@/features/documents/api/get-documents';
import { DocumentRow } from '@/features/documents/components/document-row';
import { scopeQueryKey } from '@/features/documents/lib/document-scope';

/** The list inside the dialog: mounted only while it is open, and live meanwhile. */
function DocumentsDialogList({ listingId }: { listingId: string }) {
  const documents = useDocuments(listingId);
  const queryClient = useQueryClient();
  useLiveChanges({ listingId }, { documents: () => void queryClient.invalidateQueries({ queryKey: scopeQueryKey({ listingId }) }) });
  if (documents.isPending) return <Skeleton className="h-16 w-full" />;
  if (documents.isError) return <p className="text-destructive text-sm">Could not load documents: {documents.error.message}</p>;
  if (documents.data.length === 0) return <p className="text-muted-foreground py-8 text-center text-sm">No documents uploaded yet</p>;
  return (
    <ul className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
      {documents.data.map((document) => (
        <DocumentRow key={document.id} document={document} canDelete={false} />
      ))}
    </ul>
  );
}

/** 'Docs' on a dashboard listing card: the listing's documents with View (new tab) and Download (spec part 2 §2). */
export function DocumentsDialog({ listing }: { listing: Pick<Tables<'listings'>, 'id' | 'address'> }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Docs of ${listing.address}`}>
          <FileText />
          Docs
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Documents</DialogTitle>
          <DialogDescription className="break-words">{listing.address}</DialogDescription>
        </DialogHeader>
        <DocumentsDialogList listingId={listing.id} />
      </DialogContent>
    </Dialog>
  );
}
