import { z } from 'zod';
import { BUCKETS } from '@/lib/storage-buckets';
import { uploadThenRecord } from '@/lib/storage-upload';
import { audioExtension } from '@/lib/voice-message';

/** A finished recording, as every voice input takes it; each adds where it goes and who records it. */
export const voiceRecordingSchema = z.object({
  audio: z.instanceof(Blob).refine((blob) => blob.size > 0, 'The recording is empty'),
  durationSeconds: z.number().int().min(0),
});

/** A recording for a listing (notes, the listing's messages). */
export const listingVoiceInputSchema = voiceRecordingSchema.extend({ listingId: z.uuid() });

/** The voice columns notes and messages share. */
export function voiceColumns(objectPath: string, durationSeconds: number) {
  return { is_voice: true, voice_url: objectPath, duration: durationSeconds };
}

/** Where a recording belongs: a listing, or a team (its coordinator's id). The bucket's policies check the folder. */
type VoiceScope = { listingId: string } | { teamId: string };

/**
 * Uploads a recording to the voice bucket under listings/<listing_id>/<kind>/
 * or teams/<coordinator_id>/<kind>/, then writes the row that plays it
 * (`record` gets the object path). A row that cannot be written removes the file again.
 */
export function saveVoiceRecording<T>(
  target: VoiceScope & { kind: 'notes' | 'messages'; audio: Blob },
  record: (objectPath: string) => Promise<T>,
): Promise<T> {
  const folder = 'teamId' in target ? `teams/${target.teamId}` : `listings/${target.listingId}`;
  const path = `${folder}/${target.kind}/${crypto.randomUUID()}.${audioExtension(target.audio.type)}`;
  return uploadThenRecord({ bucket: BUCKETS.voiceRecordings, path, file: target.audio }, () => record(path));
}
