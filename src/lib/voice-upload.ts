import { z } from 'zod';
import { BUCKETS } from '@/lib/storage-buckets';
import { uploadThenRecord } from '@/lib/storage-upload';
import { audioExtension } from '@/lib/voice-message';

/** A recording for a listing, as every voice input (notes, messages) takes it; each adds who records it. */
export const listingVoiceInputSchema = z.object({
  listingId: z.uuid(),
  audio: z.instanceof(Blob).refine((blob) => blob.size > 0, 'The recording is empty'),
  durationSeconds: z.number().int().min(0),
});

/** The voice columns notes and messages share. */
export function voiceColumns(objectPath: string, durationSeconds: number) {
  return { is_voice: true, voice_url: objectPath, duration: durationSeconds };
}

/**
 * Uploads a listing's recording to the voice bucket under
 * listings/<listing_id>/<kind>/, then writes the row that plays it (`record`
 * gets the object path). A row that cannot be written removes the file again.
 */
export function saveVoiceRecording<T>(
  { listingId, kind, audio }: { listingId: string; kind: 'notes' | 'messages'; audio: Blob },
  record: (objectPath: string) => Promise<T>,
): Promise<T> {
  const path = `listings/${listingId}/${kind}/${crypto.randomUUID()}.${audioExtension(audio.type)}`;
  return uploadThenRecord({ bucket: BUCKETS.voiceRecordings, path, file: audio }, () => record(path));
}
