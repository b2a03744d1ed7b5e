import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { citationBoxes } from '@/features/contract-intake/lib/citation-boxes';
import type { Citation, TextItem } from '@/features/contract-intake/lib/facts';
import { renderPage, type PageBox } from '@/features/contract-intake/lib/pdf-document';

const NO_FIELDS = new Map<string, PageBox>();

/** The boxes a citation covers on its page: a form field's widget, else the text items of its quote. */
function highlightBoxes(citation: Citation, items: TextItem[], fieldBoxes: Map<string, PageBox>): PageBox[] {
  const widget = citation.field !== undefined ? fieldBoxes.get(citation.field) : undefined;
  return widget ? [widget] : citationBoxes(items, citation.text);
}

/** One rendered page with the selected citation's boxes drawn over it. */
function PdfPage({
  document,
  pageNumber,
  width,
  items,
  fieldBoxes,
  citation,
}: {
  document: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  items: TextItem[];
  fieldBoxes: Map<string, PageBox>;
  citation: Citation | null;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState<number | null>(null);
  const highlighted = citation && citation.page === pageNumber ? highlightBoxes(citation, items, fieldBoxes) : [];

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const page = await document.getPage(pageNumber);
      const next = width / page.getViewport({ scale: 1 }).width;
      if (cancelled || !canvas.current) return;
      await renderPage(document, pageNumber, canvas.current, next);
      if (!cancelled) setScale(next);
    })().catch((error: unknown) => {
      // A render cut short by closing the review (the document destroyed) is not a failure anyone sees.
      if (!cancelled) console.error(error);
    });
    return () => {
      cancelled = true;
    };
  }, [document, pageNumber, width]);

  useEffect(() => {
    if (highlighted.length > 0 || (citation && citation.page === pageNumber)) {
      container.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      container.current?.querySelector('[data-testid="citation-highlight"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
    // Scroll when the selection changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [citation, scale]);

  return (
    <div ref={container} className="relative mx-auto shadow-sm" style={{ width }} data-testid="pdf-page" data-page={pageNumber}>
      <canvas ref={canvas} className="block h-auto w-full" aria-label={`Page ${pageNumber}`} role="img" />
      {scale !== null &&
        highlighted.map((box, index) => (
          <div
            key={index}
            data-testid="citation-highlight"
            className="pointer-events-none absolute rounded-sm bg-yellow-300/50 ring-2 ring-yellow-500"
            style={{ left: box.x * scale - 2, top: box.y * scale - 2, width: box.w * scale + 4, height: box.h * scale + 4 }}
          />
        ))}
      <span className="bg-background/80 text-muted-foreground absolute right-1 bottom-1 rounded px-1 text-xs">Page {pageNumber}</span>
    </div>
  );
}

/**
 * The contract's pages, rendered by pdf.js, scrolled to the selected fact's
 * citation with its words highlighted (from the page's text items, or the
 * OCR'd lines of a scanned page), or a form field's widget.
 */
export function PdfPages({
  document,
  itemsByPage,
  fieldBoxes,
  citation,
}: {
  document: PDFDocumentProxy;
  itemsByPage: Map<number, TextItem[]>;
  fieldBoxes: Map<number, Map<string, PageBox>>;
  citation: Citation | null;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.floor(entry.contentRect.width) - 16)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const pages = Array.from({ length: document.numPages }, (_, index) => index + 1);
  return (
    <div ref={frame} className="bg-muted/50 flex h-full flex-col gap-3 overflow-y-auto rounded-md border p-2" aria-label="Contract pages" role="region" tabIndex={0}>
      {width > 0 && pages.map((page) => (
          <PdfPage key={page} document={document} pageNumber={page} width={width} items={itemsByPage.get(page) ?? []} fieldBoxes={fieldBoxes.get(page) ?? NO_FIELDS} citation={citation} />
        ))}
    </div>
  );
}
