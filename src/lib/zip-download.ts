import { saveBlob } from '@/lib/download-file';

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
async function zipFiles(files: Array<{ name: string; blob: Blob }>): Promise<Blob> {
  // Loaded on first use: the zip code stays out of every screen's first download.
  const { zipSync } = await import('fflate');
  const taken = new Set<string>();
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[uniqueName(file.name, taken)] = new Uint8Array(await file.blob.arrayBuffer());
  const zipped = zipSync(entries, { level: 0 });
  return new Blob([zipped.buffer as ArrayBuffer], { type: 'application/zip' });
}

/** Loads every file, then saves them as one zip named `zipName`. */
export async function saveAsZip(zipName: string, files: Array<{ name: string; load: () => Promise<Blob> }>): Promise<void> {
  const loaded = await Promise.all(files.map(async (file) => ({ name: file.name, blob: await file.load() })));
  saveBlob(await zipFiles(loaded), zipName);
}
