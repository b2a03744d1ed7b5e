import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { formatFileSize } from '@/lib/format-file-size';
import { BUCKETS, MAX_DOCUMENT_BYTES } from '@/lib/storage-buckets';
import { objectPathFor, uploadThenRecord } from '@/lib/storage-upload';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { documentKeys } from '@/features/documents/api/query-keys';

/** Spec part 1 §5: the accepted extensions, shown to the user and checked before uploading. */
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'txt', 'xlsx', 'xls'] as const;

/** MIME types by extension: browsers leave File.type empty for some (e.g. .xls on Linux), and the bucket checks the type. */
export const DOCUMENT_MIME_TYPES: Record<(typeof ACCEPTED_DOCUMENT_EXTENSIONS)[number], string> = {
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
export function documentRefusal(file: { name: string; size: number }): string | null {
  const extension = extensionOf(file.name);
  if (!(ACCEPTED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    return `"${file.name}" is not an accepted file type. Accepted: ${ACCEPTED_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`;
  }
  if (file.size > MAX_DOCUMENT_BYTES) {
    return `"${file.name}" (${formatFileSize(file.size)}) is larger than the ${formatFileSize(MAX_DOCUMENT_BYTES)} limit.`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  return null;
}

export const uploadDocumentInputSchema = z.object({
  listingId: z.uuid(),
  userId: z.uuid(),
  file: z.instanceof(File).superRefine((file, ctx) => {
    const refusal = documentRefusal(file);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  }),
  onProgress: z.custom<(percent: number) => void>((value) => typeof value === 'function').optional(),
});
export type UploadDocumentInput = z.infer<typeof uploadDocumentInputSchema>;

/**
 * Uploads the file, then records it. A refused upload writes no row; a row
 * that cannot be written removes the uploaded file again.
 */
export async function uploadDocument(input: UploadDocumentInput) {
  const parsed = uploadDocumentInputSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid file');
  const { listingId, userId, file, onProgress } = parsed.data;
  const contentType = file.type || DOCUMENT_MIME_TYPES[extensionOf(file.name) as keyof typeof DOCUMENT_MIME_TYPES];
  const path = objectPathFor(`listings/${listingId}`, file.name);
  return uploadThenRecord({ bucket: BUCKETS.listingDocuments, path, file, contentType, onProgress }, async () =>
    throwIfError(
      await supabase
        .from('documents')
        .insert({ listing_id: listingId, uploaded_by: userId, file_name: file.name, file_url: path, file_type: contentType, file_size: file.size })
        .select('id')
        .single(),
    ),
  );
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (_row, { listingId, file }) => {
      void queryClient.invalidateQueries({ queryKey: documentKeys.byListing(listingId) });
      toast({ title: 'Document uploaded', description: `${file.name} was added to the listing.` });
    },
    onError: (error) => toastFailure('Failed to upload document', error),
  });
}
