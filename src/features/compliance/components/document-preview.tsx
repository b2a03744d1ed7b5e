import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentPreviewUrl } from '@/features/compliance/api/get-document-preview-url';

const IMAGE = /\.(png|jpe?g|gif)$/i;
const FRAMED = /\.(pdf|txt)$/i;

/** The document under review, shown beside the decision: PDFs and text in a frame, images as images, other files as a link. */
export function DocumentPreview({ fileUrl, fileName }: { fileUrl: string; fileName: string }) {
  const url = useDocumentPreviewUrl(fileUrl);
  if (url.isPending) return <Skeleton className="h-96 w-full" />;
  if (url.isError) return <p className="text-destructive text-sm">Could not open the document: {url.error.message}</p>;
  return (
    <div className="flex flex-col gap-2">
      <Button variant="link" size="sm" className="h-auto self-start px-0" asChild>
        <a href={url.data} target="_blank" rel="noreferrer">
          <ExternalLink />
          Open in a new tab
        </a>
      </Button>
      {IMAGE.test(fileName) ? (
        <img src={url.data} alt={fileName} className="max-h-[70vh] w-full rounded-md border object-contain" />
      ) : FRAMED.test(fileName) ? (
        <iframe src={url.data} title={fileName} className="h-[70vh] w-full rounded-md border bg-white" />
      ) : (
        <p className="text-muted-foreground rounded-md border p-6 text-center text-sm">This file type cannot be shown here; open it in a new tab.</p>
      )}
    </div>
  );
}
