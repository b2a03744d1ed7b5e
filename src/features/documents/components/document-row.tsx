import { Download, Eye, FileText, Printer, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { personName } from '@/components/user-avatar';
import { formatFileSize } from '@/lib/format-file-size';
import { formatTimestamp } from '@/lib/format-timestamp';
import { toastFailure } from '@/lib/toast-failure';
import { useDeleteDocument } from '@/features/documents/api/delete-document';
import type { ListingDocument } from '@/features/documents/api/get-documents';
import { downloadDocument, printDocument, viewDocument } from '@/features/documents/lib/document-actions';
import { documentScopeOf } from '@/features/documents/lib/document-scope';

/**
 * One document: name, size, uploader, date; View (new tab), Print, Download
 * and, when allowed, Delete. A listing's documents add their type, review and
 * versions below (`details`) and more actions (`actions`).
 */
export function DocumentRow({ document, canDelete, details, actions }: { document: ListingDocument; canDelete: boolean; details?: ReactNode; actions?: ReactNode }) {
  const deleteDocument = useDeleteDocument();
  const run = (action: (d: ListingDocument) => Promise<void>, failure: string) => () =>
    void action(document).catch((error: unknown) => toastFailure(failure, error));

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3" data-testid="document">
      <FileText className="text-muted-foreground size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-medium wrap-anywhere">{document.file_name}</span>
        <span className="text-muted-foreground text-xs">
          {formatFileSize(document.file_size)} · {personName(document.uploaded_by_user)} · {formatTimestamp(document.created_at)}
        </span>
        {details}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        {actions}
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
            onConfirm={() => deleteDocument.mutate({ scope: documentScopeOf(document), documentId: document.id, fileUrl: document.file_url })}
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
