import { zipSync } from 'fflate';

/** Saves a blob under a file name through a temporary object URL (works for cross-origin storage files too). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: Chromium reads the blob asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Names unique inside one archive: a second 'a.pdf' becomes 'a (2).pdf' instead of overwriting the first. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  taken.add(candidate);
  return candidate;
}

/**
 * One zip of several files, so "download all" is a single download rather
 * than a burst the browser may block. Already-compressed files (PDF, images)
 * are stored, not deflated again.
 */
export async function zipFiles(files: Array<{ name: string; blob: Blob }>): Promise<Blob> {
  const taken = new Set<string>();
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[uniqueName(file.name, taken)] = new Uint8Array(await file.blob.arrayBuffer());
  const zipped = zipSync(entries, { level: 0 });
  return new Blob([zipped.buffer as ArrayBuffer], { type: 'application/zip' });
}

/** A file-name-safe version of free text (addresses contain commas, slashes, '#'). */
export function safeFileName(text: string): string {
  return text.replace(/[^\w.-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'file';
}
