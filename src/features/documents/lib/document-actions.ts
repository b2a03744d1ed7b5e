import { throwIfError } from '@/lib/api-error';
import { saveBlob } from '@/lib/download-file';
import { supabase } from '@/lib/supabase';
import { downloadDocumentBlob, type ListingDocument } from '@/features/documents/api/get-documents';
import { documentBucket } from '@/features/documents/lib/document-scope';

const VIEW_URL_SECONDS = 10 * 60;

/** A URL the browser can open for a document: its own URL, or a short-lived signed one. */
async function viewUrl(document: ListingDocument): Promise<string> {
  if (/^https?:\/\//.test(document.file_url)) return document.file_url;
  const { signedUrl } = throwIfError(await supabase.storage.from(documentBucket(document)).createSignedUrl(document.file_url, VIEW_URL_SECONDS));
  return signedUrl;
}

/** Opens the document in a new tab. The tab is opened before the await so popup blockers see a user gesture. */
export async function viewDocument(document: ListingDocument): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const url = await viewUrl(document);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export async function downloadDocument(document: ListingDocument): Promise<void> {
  saveBlob(await downloadDocumentBlob(document), document.file_name);
}

/**
 * Prints through a hidden same-origin iframe holding the file as a blob URL:
 * a cross-origin storage URL could be shown but not told to print.
 */
export async function printDocument(document: ListingDocument): Promise<void> {
  const blob = await downloadDocumentBlob(document);
  const url = URL.createObjectURL(blob);
  const frame = window.document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = url;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    // Kept long enough for the print dialog to read the document.
    setTimeout(() => {
      frame.remove();
      URL.revokeObjectURL(url);
    }, 60_000);
  };
  window.document.body.appendChild(frame);
}
