import { FileUp, Upload } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { useDropzone } from 'react-dropzone';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { formatFileSize } from '@/lib/format-file-size';
import { MAX_DOCUMENT_BYTES } from '@/lib/storage-buckets';
import { cn } from '@/lib/utils';
import { useDocumentTypes } from '@/features/documents/api/get-document-types';
import { acceptedExtensions, documentRefusal, useUploadDocument } from '@/features/documents/api/upload-document';
import { DocumentTypeSelect } from '@/features/documents/components/document-type-select';
import { isTeamScope, type DocumentScope } from '@/features/documents/lib/document-scope';
import { suggestDocumentType } from '@/features/documents/lib/suggest-document-type';

/** A new version of an existing document: the first version's id, and what the dialog calls it. */
export interface NewVersionOf {
  id: string;
  name: string;
}

/**
 * 'Upload Document': pick or drop one file into a listing or the team library,
 * see why a file is refused, watch the upload progress. A listing document gets
 * a type (suggested from the file name, changeable); with `versionOf` the file
 * becomes the next version of that document and keeps its type.
 */
export function UploadDocumentDialog({ scope, userId, versionOf, trigger }: { scope: DocumentScope; userId: string; versionOf?: NewVersionOf; trigger?: ReactElement }) {
  const extensions = acceptedExtensions(scope);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [suggested, setSuggested] = useState(false);
  const types = useDocumentTypes();
  const upload = useUploadDocument();
  const asksType = !isTeamScope(scope) && !versionOf;

  const reset = () => {
    setFile(null);
    setRefusal(null);
    setProgress(null);
    setDocumentType(null);
    setSuggested(false);
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
      // The file name suggests a type until the person picks one themselves.
      if (!reason && asksType && (documentType === null || suggested)) {
        const suggestion = suggestDocumentType(chosen.name, types.data ?? []);
        setDocumentType(suggestion);
        setSuggested(suggestion !== null);
      }
    },
  });

  const submit = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { scope, userId, file, onProgress: setProgress, documentType: asksType ? documentType : null, versionOf: versionOf?.id ?? null },
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
        {trigger ?? (
          <Button>
            <Upload />
            Upload Document
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{versionOf ? 'Upload New Version' : 'Upload Document'}</DialogTitle>
          <DialogDescription>
            {versionOf && <>A new version of {versionOf.name}; earlier versions are kept. </>}
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
        {asksType && (
          <div className="flex flex-col gap-2">
            <Label htmlFor="upload-document-type">Document type</Label>
            <DocumentTypeSelect
              id="upload-document-type"
              value={documentType}
              onChange={(value) => {
                setDocumentType(value);
                setSuggested(false);
              }}
            />
            {suggested && <p className="text-muted-foreground text-xs">Suggested from the file name; change it if it is wrong.</p>}
          </div>
        )}
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
