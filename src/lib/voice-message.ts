/**
 * Voice messages travel inside the message text (spec part 1 §2, Messages
 * tab): '🎤 Voice message (m:ss) - /uploads/<path>'. The path after /uploads/
 * is the object's path in the voice-recordings bucket.
 */
const UPLOADS_PREFIX = '/uploads/';

/** Seconds as m:ss (0:07, 12:30). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function voiceMessageText(durationSeconds: number, objectPath: string): string {
  return `🎤 Voice message (${formatDuration(durationSeconds)}) - ${UPLOADS_PREFIX}${objectPath}`;
}

const VOICE_TEXT = /Voice message \((\d+):(\d{2})\)\s*-\s*(\/uploads\/\S+)/;

/** The duration and storage path of a voice message's text, or null for an ordinary message. */
export function parseVoiceMessage(content: string): { durationSeconds: number; objectPath: string } | null {
  const match = VOICE_TEXT.exec(content);
  if (!match) return null;
  return { durationSeconds: Number(match[1]) * 60 + Number(match[2]), objectPath: uploadsUrlToObjectPath(match[3]) };
}

/** '/uploads/listings/…' (or a bare object path) → 'listings/…'. */
export function uploadsUrlToObjectPath(url: string): string {
  return url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : url.replace(/^\/+/, '');
}

/** File extension for a recorded audio type ('audio/webm;codecs=opus' → 'webm'). */
export function audioExtension(mimeType: string): string {
  const subtype = mimeType.split(';')[0].split('/')[1] ?? 'webm';
  return subtype === 'mpeg' ? 'mp3' : subtype === 'x-wav' ? 'wav' : subtype;
}
