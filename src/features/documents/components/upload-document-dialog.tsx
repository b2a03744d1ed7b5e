import { FileUp, Upload } from 'lucide-react';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { formatFileSize } from '@/lib/format-file-size';
import { MAX_DOCUMENT_BYTES } from '@/lib/storage-buckets';
import { cn } from '@/lib/utils';
import { acceptedExtensions, documentRefusal, useUploadDocument } from '@/features/documents/api/upload-document';
import type { DocumentScope } from '@/features/documents/lib/document-scope';

/** 'Upload Document': pick or drop one file into a listing or the team library, see why a file is refused, watch the upload progress. */
export function UploadDocumentDialog({ scope, userId }: { scope: DocumentScope; userId: string }) {
  const extensions = acceptedExtensions(scope);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadDocument();

  const reset = () => {
    setFile(null);
    setRefusal(null);
    setProgress(null);
    upload.reset();
  };

  // Type and size are checked here for a clear message; the bucket checks them again on upload.
  const dropzone = useDropzone({
    multiple: false,
    noClick: false,
    onDrop: (accepted) => {
      const chosen = accepted[0];
      if (!chosen) return;
      const reason = documentRefusal(chosen, extensions);
      setRefusal(reason);
      setFile(reason ? null : chosen);
      setProgress(null);
      upload.reset();
    },
  });

  const submit = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { scope, userId, file, onProgress: setProgress },
      {
        onSuccess: () => {
          setOpen(false);
          reset();
        },
        onError: () => setProgress(null),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (upload.isPending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Upload />
          Upload Document
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload Document</DialogTitle>
          <DialogDescription>
            Accepted: {extensions.map((e) => `.${e}`).join(', ')} · up to {formatFileSize(MAX_DOCUMENT_BYTES)}
          </DialogDescription>
        </DialogHeader>
        <div
          {...dropzone.getRootProps({
            className: cn(
              'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors',
              dropzone.isDragActive ? 'border-primary bg-primary/5' : 'border-muted-foreground/25 hover:border-muted-foreground/50',
            ),
          })}
        >
          <input {...dropzone.getInputProps({ accept: extensions.map((e) => `.${e}`).join(',') })} aria-label="Document file" data-testid="document-file-input" />
          <FileUp className="text-muted-foreground size-8" />
          {file ? (
            <p className="text-sm font-medium">
              {file.name} <span className="text-muted-foreground font-normal">({formatFileSize(file.size)})</span>
            </p>
          ) : (
            <p className="text-muted-foreground text-sm">{dropzone.isDragActive ? 'Drop the file here' : 'Drag a file here, or click to choose one'}</p>
          )}
        </div>
        {refusal && (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        )}
        {upload.isError && (
          <Alert variant="destructive" role="alert">
            <AlertDescription>Upload failed: {upload.error.message}</AlertDescription>
          </Alert>
        )}
        {progress !== null && (
          <div className="flex items-center gap-3">
            <Progress value={progress} aria-label="Upload progress" className="flex-1" />
            <span className="text-muted-foreground w-10 text-right text-xs tabular-nums">{progress}%</span>
          </div>
        )}
        <DialogFooter>
          <Button onClick={submit} disabled={!file || upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
