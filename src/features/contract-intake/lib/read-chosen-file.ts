import type { PDFDocumentProxy } from 'pdfjs-dist';
import { readContract, type ContractReading } from '@/features/contract-intake/api/read-contract';
import type { TextItem } from '@/features/contract-intake/lib/facts';
import { ocrPages } from '@/features/contract-intake/lib/ocr';
import { openContractPdf, type PageBox } from '@/features/contract-intake/lib/pdf-document';

/** A read contract as the review screen needs it: the file (saved later), the rendered document, the text boxes per page and the server's reading. */
export interface ReadyReading {
  file: File;
  /** The listing document the file was read from; null for a file picked now (stored when the contract is saved). */
  storedDocumentId: string | null;
  document: PDFDocumentProxy;
  itemsByPage: Map<number, TextItem[]>;
  /** Form fields' widget boxes per page, by field name (pdf.ts reads them with the fields), to highlight a form-field citation. */
  fieldBoxes: Map<number, Map<string, PageBox>>;
  reading: ContractReading;
}

/** Reads the chosen PDF: text layer and field widgets in the browser (for highlighting), OCR of scanned pages, then the server's reading. */
export async function readChosenFile(listingId: string, file: File, onStatus: (status: string) => void, storedDocumentId: string | null = null): Promise<ReadyReading> {
  onStatus('Opening the PDF…');
  const { document, extracted } = await openContractPdf(new Uint8Array(await file.arrayBuffer()));
  const ocr = await ocrPages(document, extracted.scannedPages, (done, total) => onStatus(`Reading scanned page ${Math.min(done + 1, total)} of ${total} (OCR)…`));
  onStatus('Reading the contract…');
  const reading = await readContract({ listingId, file, ocrPages: ocr.map(({ page, text }) => ({ page, text })) });
  const itemsByPage = new Map<number, TextItem[]>([...extracted.pageTexts, ...ocr].map((page) => [page.page, page.items ?? []]));
  const fieldBoxes = new Map<number, Map<string, PageBox>>();
  for (const field of extracted.fields) {
    if (!field.rect) continue;
    fieldBoxes.set(field.page, (fieldBoxes.get(field.page) ?? new Map<string, PageBox>()).set(field.name, field.rect));
  }
  return { file, storedDocumentId, document, itemsByPage, fieldBoxes, reading };
}
