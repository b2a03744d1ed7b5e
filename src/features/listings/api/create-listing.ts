import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, throwIfError } from '@/lib/api-error';
import { formatFileSize } from '@/lib/format-file-size';
import { BUCKETS, MAX_PHOTO_BYTES } from '@/lib/storage-buckets';
import { objectPathFor, removeObjects, uploadWithProgress } from '@/lib/storage-upload';
import { supabase } from '@/lib/supabase';
import { listingKeys } from '@/features/listings/api/query-keys';
import { attributeColumns, type ListingAttributes } from '@/features/listings/lib/listing-attributes';

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => v || null);

/** The form (spec part 1 §2, §5): only the address is required. */
export const newListingFormSchema = z.object({
  address: z.string().trim().min(1, 'Required').max(500),
  sellerName: optionalText(255),
  sellerPhone: optionalText(50),
  sellerEmail: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email')
    .optional()
    .transform((v) => v || null),
  listingPrice: optionalText(50),
  imageUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || z.url({ protocol: /^https?$/ }).safeParse(v).success, 'Invalid url')
    .optional()
    .transform((v) => v || null),
  initialNote: optionalText(20000),
});
export type NewListingFormValues = z.input<typeof newListingFormSchema>;
export type NewListingFields = z.output<typeof newListingFormSchema>;

export const createListingInputSchema = z.object({
  agentId: z.uuid(),
  fields: z.custom<NewListingFields>((value) => typeof value === 'object' && value !== null),
  /** Parsed by listingAttributesFormSchema; inserted with the row, so the templates they match apply at creation. */
  attributes: z.custom<ListingAttributes>((value) => typeof value === 'object' && value !== null),
  image: z
    .instanceof(File)
    .refine((file) => file.type.startsWith('image/'), 'The property image must be an image')
    .refine((file) => file.size <= MAX_PHOTO_BYTES, `The property image must be at most ${formatFileSize(MAX_PHOTO_BYTES)}`)
    .nullable(),
});
export type CreateListingInput = z.infer<typeof createListingInputSchema>;

/**
 * Creates the listing, then (optionally) uploads its image and posts the
 * initial note. Storage paths live under the listing's id, so the row comes
 * first; if any later step fails the listing is deleted again (its rows
 * cascade) and the uploaded image removed, so a failure leaves nothing behind.
 */
export async function createListing(input: CreateListingInput): Promise<{ id: string }> {
  const parsed = createListingInputSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid listing');
  const { agentId, fields, attributes, image } = parsed.data;
  const id = crypto.randomUUID();
  throwIfError(
    await supabase.from('listings').insert({
      id,
      agent_id: agentId,
      address: fields.address,
      seller_name: fields.sellerName,
      seller_phone: fields.sellerPhone,
      seller_email: fields.sellerEmail,
      listing_price: fields.listingPrice,
      property_image_url: fields.imageUrl,
      photo_urls: fields.imageUrl ? [fields.imageUrl] : [],
      ...attributeColumns(attributes),
    }),
  );
  let imagePath: string | null = null;
  try {
    if (image) {
      imagePath = objectPathFor(`listings/${id}`, image.name);
      await uploadWithProgress({ bucket: BUCKETS.listingPhotos, path: imagePath, file: image });
      const updated = throwIfError(
        await supabase.from('listings').update({ property_image_url: imagePath, photo_urls: [imagePath] }).eq('id', id).select('id'),
      );
      if (updated.length === 0) throw new ApiError(403, 'The listing image could not be saved.');
    }
    if (fields.initialNote) {
      throwIfError(await supabase.from('notes').insert({ listing_id: id, user_id: agentId, content: fields.initialNote }));
    }
  } catch (error) {
    if (imagePath) await removeObjects(BUCKETS.listingPhotos, [imagePath]);
    await supabase.from('listings').delete().eq('id', id);
    throw error;
  }
  return { id };
}

export function useCreateListing({ onCreated }: { onCreated: (listing: { id: string }) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: (listing) => {
      // The dashboards' lists and stats live under ['listings', …].
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
      onCreated(listing);
    },
  });
}
