import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { isUnauthorized, throwIfError } from '@/lib/api-error';
import { formatFileSize } from '@/lib/format-file-size';
import { MAX_DOCUMENT_BYTES } from '@/lib/storage-buckets';
import { objectPathFor, uploadThenRecord } from '@/lib/storage-upload';
import { supabase } from '@/lib/supabase';
import { documentScopeSchema, isTeamScope, scopeBucket, scopeFolder, scopeQueryKey, type DocumentScope } from '@/features/documents/lib/document-scope';

/** Spec part 1 §5: the accepted extensions of listing documents, shown to the user and checked before uploading. */
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'txt', 'xlsx', 'xls'] as const;

/** Spec part 2 §5: team (agent) documents accept fewer types; the team-documents bucket allows exactly these. */
export const ACCEPTED_TEAM_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png'] as const;

type DocumentExtension = (typeof ACCEPTED_DOCUMENT_EXTENSIONS)[number];

/** The extensions a scope accepts. */
export function acceptedExtensions(scope: DocumentScope): readonly DocumentExtension[] {
  return isTeamScope(scope) ? ACCEPTED_TEAM_DOCUMENT_EXTENSIONS : ACCEPTED_DOCUMENT_EXTENSIONS;
}

/** MIME types by extension: browsers leave File.type empty for some (e.g. .xls on Linux), and the bucket checks the type. */
export const DOCUMENT_MIME_TYPES: Record<DocumentExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file is refused before upload, or null when it may go. */
export function documentRefusal(file: { name: string; size: number }, extensions: readonly string[] = ACCEPTED_DOCUMENT_EXTENSIONS): string | null {
  if (!extensions.includes(extensionOf(file.name))) {
    return `"${file.name}" is not an accepted file type. Accepted: ${extensions.map((e) => `.${e}`).join(', ')}.`;
  }
  if (file.size > MAX_DOCUMENT_BYTES) {
    return `"${file.name}" (${formatFileSize(file.size)}) is larger than the ${formatFileSize(MAX_DOCUMENT_BYTES)} limit.`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  return null;
}

export const uploadDocumentInputSchema = z
  .object({
    scope: documentScopeSchema,
    userId: z.uuid(),
    file: z.instanceof(File),
    /** A key of document_types, or null to leave the type for later. */
    documentType: z.string().regex(/^[a-z0-9_]{1,60}$/).nullish(),
    /** The first version's id when this file is a new version of it (the database gives it the first version's type). */
    versionOf: z.uuid().nullish(),
    onProgress: z.custom<(percent: number) => void>((value) => typeof value === 'function').optional(),
  })
  .superRefine(({ scope, file }, ctx) => {
    const refusal = documentRefusal(file, acceptedExtensions(scope));
    if (refusal) ctx.addIssue({ code: 'custom', path: ['file'], message: refusal });
  });
export type UploadDocumentInput = z.infer<typeof uploadDocumentInputSchema>;

/** The row recording an uploaded file: a listing document, or a general document of the team (team_tc_id is checked by the database). */
function scopeColumns(scope: DocumentScope) {
  return isTeamScope(scope) ? { is_general: true, team_tc_id: scope.teamId } : { listing_id: scope.listingId };
}

/**
 * Uploads the file, then records it. A refused upload writes no row; a row
 * that cannot be written removes the uploaded file again.
 */
export async function uploadDocument(input: UploadDocumentInput) {
  const parsed = uploadDocumentInputSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid file');
  const { scope, userId, file, onProgress, documentType, versionOf } = parsed.data;
  const contentType = file.type || DOCUMENT_MIME_TYPES[extensionOf(file.name) as DocumentExtension];
  const path = objectPathFor(scopeFolder(scope), file.name);
  return uploadThenRecord({ bucket: scopeBucket(scope), path, file, contentType, onProgress }, async () =>
    throwIfError(
      await supabase
        .from('documents')
        .insert({ ...scopeColumns(scope), uploaded_by: userId, file_name: file.name, file_url: path, file_type: contentType, file_size: file.size, ...(versionOf ? { version_of: versionOf } : { document_type: documentType ?? null }) })
        .select('id')
        .single(),
    ),
  );
}

/** Uploads with the spec's toasts (part 2 §8): 'Document uploaded', or 'Upload failed: Failed to upload document. Please try again.'. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (_row, { scope, file, versionOf }) => {
      // A listing's compliance and checklist read its documents too: refresh everything under the listing.
      void queryClient.invalidateQueries({ queryKey: isTeamScope(scope) ? scopeQueryKey(scope) : ['listings', scope.listingId] });
      toast({
        title: versionOf ? 'New version uploaded' : 'Document uploaded',
        description: `${file.name} was added to the ${isTeamScope(scope) ? 'team documents' : 'listing'}.`,
      });
    },
    // The dialog shows the server's reason; a logged-out failure is left to the global 'Unauthorized' handler.
    onError: (error) => {
      if (!isUnauthorized(error)) toast({ title: 'Upload failed', description: 'Failed to upload document. Please try again.', variant: 'destructive' });
    },
  });
}
