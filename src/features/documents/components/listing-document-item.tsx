import type { ReactNode } from 'react';
import { Eye, FilePlus2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatTimestamp } from '@/lib/format-timestamp';
import { toastFailure } from '@/lib/toast-failure';
import type { DocumentType } from '@/features/documents/api/get-document-types';
import type { ListingDocument } from '@/features/documents/api/get-documents';
import { useSetDocumentType } from '@/features/documents/api/set-document-type';
import { DocumentRow } from '@/features/documents/components/document-row';
import { DocumentTypeSelect } from '@/features/documents/components/document-type-select';
import { ReviewStateBadge } from '@/features/documents/components/review-state-badge';
import { UploadDocumentDialog } from '@/features/documents/components/upload-document-dialog';
import { viewDocument } from '@/features/documents/lib/document-actions';
import type { DocumentWithVersions } from '@/features/documents/lib/document-versions';
import { describeApprovedFile } from '@/features/documents/lib/reviewed-file';

/**
 * A listing document as its latest version: type (settable while it has
 * none), review state, what an approval recorded (date, size, checksum) and a
 * returned document's reason, 'Upload new version',
 * and the earlier versions, each viewable.
 */
export function ListingDocumentItem({
  item,
  listingId,
  userId,
  canDelete,
  types,
  extraActions,
}: {
  item: DocumentWithVersions<ListingDocument>;
  listingId: string;
  userId: string;
  canDelete: boolean;
  types: DocumentType[] | undefined;
  /** What the screen adds for this document (e.g. "Read this contract" on a Purchase Contract). */
  extraActions?: ReactNode;
}) {
  const { latest, earlier } = item;
  const setType = useSetDocumentType();
  const typeLabel = types?.find((t) => t.key === latest.document_type)?.label;
  const firstVersionId = latest.version_of ?? latest.id;
  const approvedFile = describeApprovedFile(latest);

  const details = (
    <div className="mt-1 flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        {latest.document_type ? (
          <span className="text-xs font-medium">{typeLabel ?? latest.document_type}</span>
        ) : (
          <DocumentTypeSelect
            value={null}
            ariaLabel={`Type of ${latest.file_name}`}
            className="h-7 w-52 text-xs"
            disabled={setType.isPending}
            onChange={(documentType) => documentType && setType.mutate({ listingId, documentId: latest.id, documentType })}
          />
        )}
        {latest.version > 1 && <span className="text-muted-foreground text-xs">Version {latest.version}</span>}
        <ReviewStateBadge state={latest.review_state} />
      </div>
      {approvedFile && (
        <p className="text-muted-foreground text-xs" data-testid="approved-file" title={latest.reviewed_checksum ? `Checksum (Storage eTag) of the approved file: ${latest.reviewed_checksum}` : undefined}>
          {approvedFile}
        </p>
      )}
      {latest.review_state === 'returned' && latest.review_reason && (
        <p className="text-destructive text-sm" data-testid="returned-reason">
          Returned: {latest.review_reason}
        </p>
      )}
      {earlier.length > 0 && (
        <details>
          <summary className="text-muted-foreground w-fit cursor-pointer text-xs">Earlier versions ({earlier.length})</summary>
            <ul className="flex flex-col gap-1 pt-1" aria-label={`Earlier versions of ${latest.file_name}`}>
              {earlier.map((version) => (
                <li key={version.id} className="text-muted-foreground flex flex-wrap items-center gap-2 text-xs">
                  <span>
                    Version {version.version}: {version.file_name} · {formatTimestamp(version.created_at)}
                  </span>
                  <ReviewStateBadge state={version.review_state} />
                  {version.review_state === 'returned' && version.review_reason && <span>“{version.review_reason}”</span>}
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={`View version ${version.version} of ${version.file_name}`}
                    onClick={() => void viewDocument(version).catch((error: unknown) => toastFailure('Failed to open document', error))}
                  >
                    <Eye />
                  </Button>
                </li>
              ))}
            </ul>
        </details>
      )}
    </div>
  );

  return (
    <DocumentRow
      document={latest}
      canDelete={canDelete}
      details={details}
      actions={
        <>
          {extraActions}
          <UploadDocumentDialog
          scope={{ listingId }}
          userId={userId}
          versionOf={{ id: firstVersionId, name: latest.file_name }}
          trigger={
            <Button size="sm" variant="outline" aria-label={`New version of ${latest.file_name}`}>
              <FilePlus2 />
              New version
            </Button>
          }
          />
        </>
      }
    />
  );
}
