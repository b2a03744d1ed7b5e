import { formatFileSize } from '@/lib/format-file-size';
import { formatTimestamp } from '@/lib/format-timestamp';

/** How many characters of the checksum the line shows (the full one is in its title). */
const CHECKSUM_SHOWN = 12;

export interface ReviewedFile {
  review_state: string | null;
  reviewed_at: string | null;
  reviewed_size: number | null;
  reviewed_checksum: string | null;
}

/**
 * What an approval recorded, as one line: "Approved Jan 5, 2024 at 3:07 PM ·
 * 245 KB · checksum 0cc175b9c0f1…". The size and checksum are those of the
 * stored file when it was approved (review_document()); approvals recorded
 * without them (older ones) show the date only. Null unless approved.
 */
export function describeApprovedFile(document: ReviewedFile): string | null {
  if (document.review_state !== 'approved' || !document.reviewed_at) return null;
  const parts = [`Approved ${formatTimestamp(document.reviewed_at)}`];
  if (document.reviewed_size !== null) parts.push(formatFileSize(document.reviewed_size));
  if (document.reviewed_checksum) {
    const checksum = document.reviewed_checksum;
    parts.push(`checksum ${checksum.length > CHECKSUM_SHOWN ? `${checksum.slice(0, CHECKSUM_SHOWN)}…` : checksum}`);
  }
  return parts.join(' · ');
}
