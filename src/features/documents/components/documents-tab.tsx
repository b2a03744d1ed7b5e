import { Download, Eye, FileText, Loader2, Printer, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { personName } from '@/components/user-avatar';
import type { CurrentUser } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import type { Tables } from '@/lib/database.types';
import { safeFileName } from '@/lib/download-file';
import { formatFileSize } from '@/lib/format-file-size';
import { formatTimestamp } from '@/lib/format-timestamp';
import { can } from '@/lib/permissions';
import { toastFailure } from '@/lib/toast-failure';
import { saveAsZip } from '@/lib/zip-download';
import { useDeleteDocument } from '@/features/documents/api/delete-document';
import { downloadDocumentBlob, useDocuments, type ListingDocument } from '@/features/documents/api/get-documents';
import { UploadDocumentDialog } from '@/features/documents/components/upload-document-dialog';
import { downloadDocument, printDocument, viewDocument } from '@/features/documents/lib/document-actions';

function DocumentRow({ document, canDelete }: { document: ListingDocument; canDelete: boolean }) {
  const deleteDocument = useDeleteDocument();
  const run = (action: (d: ListingDocument) => Promise<void>, failure: string) => () =>
    void action(document).catch((error: unknown) => toastFailure(failure, error));

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3" data-testid="document">
      <FileText className="text-muted-foreground size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{document.file_name}</span>
        <span className="text-muted-foreground text-xs">
          {formatFileSize(document.file_size)} · {personName(document.uploaded_by_user)} · {formatTimestamp(document.created_at)}
        </span>
      </div>
      <div className="flex gap-1">
        <Button size="icon-sm" variant="ghost" aria-label={`View ${document.file_name}`} onClick={run(viewDocument, 'Failed to open document')}>
          <Eye />
        </Button>
        <Button size="icon-sm" variant="ghost" aria-label={`Print ${document.file_name}`} onClick={run(printDocument, 'Failed to print document')}>
          <Printer />
        </Button>
        <Button size="icon-sm" variant="ghost" aria-label={`Download ${document.file_name}`} onClick={run(downloadDocument, 'Failed to download document')}>
          <Download />
        </Button>
        {canDelete && (
          <ConfirmAction
            title="Delete document"
            question="Are you sure you want to delete this document?"
            onConfirm={() => deleteDocument.mutate({ listingId: document.listing_id ?? '', documentId: document.id, fileUrl: document.file_url })}
            trigger={
              <Button size="icon-sm" variant="ghost" aria-label={`Delete ${document.file_name}`} disabled={deleteDocument.isPending}>
                <Trash2 />
              </Button>
            }
          />
        )}
      </div>
    </li>
  );
}

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

export function DocumentsTab({ listing, user }: { listing: Tables<'listings'>; user: CurrentUser }) {
  const documents = useDocuments(listing.id);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Documents</h2>
        <div className="flex gap-2">
          <DownloadAllButton listing={listing} documents={documents.data ?? []} />
          <UploadDocumentDialog listingId={listing.id} userId={user.id} />
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
          {documents.data.map((document) => (
            <DocumentRow key={document.id} document={document} canDelete={can.deleteDocument(user, document, listing)} />
          ))}
        </ul>
      )}
    </div>
  );
}
