import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { currentUserQueryKey } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { ApiError, isUnauthorized, throwIfError } from '@/lib/api-error';
import { AVATAR_TYPES, BUCKETS, MAX_AVATAR_BYTES } from '@/lib/storage-buckets';
import { uploadThenRecord } from '@/lib/storage-upload';
import { supabase } from '@/lib/supabase';

const EXTENSIONS: Record<(typeof AVATAR_TYPES)[number], string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export const updateAvatarInputSchema = z.object({
  accountId: z.uuid(),
  /** The URL the account shows now, whose object is removed once the new one is recorded. */
  previousUrl: z.string().nullable(),
  image: z
    .instanceof(Blob)
    .refine((blob) => (AVATAR_TYPES as readonly string[]).includes(blob.type), 'The photo must be a JPEG, PNG or WebP image.')
    .refine((blob) => blob.size <= MAX_AVATAR_BYTES, 'The photo must be at most 5 MB.'),
});
export type UpdateAvatarInput = z.infer<typeof updateAvatarInputSchema>;

/**
 * The object path of an avatar URL, when it is a file of the account's own
 * folder in the avatars bucket (an external URL or another folder is never
 * ours to delete), else null.
 */
export function ownAvatarPath(url: string | null, accountId: string): string | null {
  if (!url) return null;
  const base = supabase.storage.from(BUCKETS.avatars).getPublicUrl('').data.publicUrl;
  if (!url.startsWith(base)) return null;
  const path = decodeURIComponent(url.slice(base.length).split(/[?#]/)[0] ?? '');
  return path.startsWith(`${accountId}/`) && !path.includes('..') ? path : null;
}

/**
 * Uploads the new photo under <account_id>/ in the public avatars bucket, points
 * users.profile_image_url at its public URL, then removes the previous file,
 * so exactly one avatar object is left. When the row cannot be updated the new
 * upload is removed instead and the old photo stays.
 */
export async function updateAvatar(input: UpdateAvatarInput): Promise<{ url: string }> {
  const parsed = updateAvatarInputSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid photo');
  const { accountId, previousUrl, image } = parsed.data;
  const path = `${accountId}/${crypto.randomUUID()}.${EXTENSIONS[image.type as keyof typeof EXTENSIONS]}`;
  const url = supabase.storage.from(BUCKETS.avatars).getPublicUrl(path).data.publicUrl;

  await uploadThenRecord({ bucket: BUCKETS.avatars, path, file: image, contentType: image.type }, async () => {
    const rows = throwIfError(await supabase.from('users').update({ profile_image_url: url }).eq('id', accountId).select('id'));
    if (rows.length === 0) throw new ApiError(403, 'You can only change your own photo.');
  });

  const previous = ownAvatarPath(previousUrl, accountId);
  if (previous && previous !== path) {
    const { error } = await supabase.storage.from(BUCKETS.avatars).remove([previous]);
    // The photo is already changed; a leftover file is not worth failing the change for.
    if (error) console.warn(`Could not remove the previous avatar ${previous}: ${error.message}`);
  }
  return { url };
}

/** Saves a cropped photo; the sidebar and every screen reading the current user show it at once. */
export function useUpdateAvatar({ onSaved }: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({ title: 'Photo updated' });
      onSaved?.();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      // Spec part 2 §8: the server's message when there is one.
      const message = error instanceof Error && error.message ? error.message : 'Failed to upload photo. Please try again.';
      toast({ title: 'Error', description: message, variant: 'destructive' });
    },
  });
}
