import { Download, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import type { Tables } from '@/lib/database.types';
import { safeFileName } from '@/lib/download-file';
import { can } from '@/lib/permissions';
import { toastFailure } from '@/lib/toast-failure';
import { saveAsZip } from '@/lib/zip-download';
import { downloadDocumentBlob, useDocuments, type ListingDocument } from '@/features/documents/api/get-documents';
import { useDocumentTypes } from '@/features/documents/api/get-document-types';
import { ListingDocumentItem } from '@/features/documents/components/listing-document-item';
import { UploadDocumentDialog } from '@/features/documents/components/upload-document-dialog';
import { groupDocumentVersions } from '@/features/documents/lib/document-versions';

/** Every document of the listing in one zip, so the browser makes one download instead of a burst it may block. */
function DownloadAllButton({ listing, documents }: { listing: Tables<'listings'>; documents: ListingDocument[] }) {
  const [busy, setBusy] = useState(false);
  const downloadAll = async () => {
    if (documents.length === 0) {
      toast({ title: 'No documents', description: 'There are no documents to download.' });
      return;
    }
    setBusy(true);
    try {
      await saveAsZip(
        `${safeFileName(listing.address)}-documents.zip`,
        documents.map((d) => ({ name: d.file_name, load: () => downloadDocumentBlob(d) })),
      );
    } catch (error) {
      toastFailure('Failed to download documents', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void downloadAll()} disabled={busy}>
      {busy ? <Loader2 className="animate-spin" /> : <Download />}
      Download All
    </Button>
  );
}

/**
 * The listing's documents. `documentActions` lets the screen add a control to
 * a document's row (features do not import each other: the listing screens
 * offer contract intake on a Purchase Contract this way).
 */
export function DocumentsTab({
  listing,
  user,
  documentActions,
}: {
  listing: Tables<'listings'>;
  user: CurrentUser;
  documentActions?: (document: ListingDocument) => ReactNode;
}) {
  const documents = useDocuments(listing.id);
  const types = useDocumentTypes();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Documents</h2>
        <div className="flex gap-2">
          <DownloadAllButton listing={listing} documents={documents.data ?? []} />
          <UploadDocumentDialog scope={{ listingId: listing.id }} userId={user.id} />
        </div>
      </div>
      {documents.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : documents.isError ? (
        <p className="text-destructive text-sm">Could not load documents: {documents.error.message}</p>
      ) : documents.data.length === 0 ? (
        <p className="text-muted-foreground py-8 text-center text-sm">No documents uploaded yet. Upload your first document to get started.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {groupDocumentVersions(documents.data).map((item) => (
            <ListingDocumentItem
              key={item.latest.id}
              item={item}
              listingId={listing.id}
              userId={user.id}
              canDelete={can.deleteDocument(user, item.latest, listing)}
              types={types.data}
              extraActions={documentActions?.(item.latest)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
