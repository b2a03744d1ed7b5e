import { ImagePlus, Link2, Loader2, Plus, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Tables } from '@/lib/database.types';
import { photoRefusal, useSavePhotos } from '@/features/photos/api/save-photos';

const photoUrlSchema = z.url({ protocol: /^https?$/ }).max(500);

/** Object URLs for previews, revoked when the files change or the form unmounts. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/** Main image, additional photos and photo URLs, saved together with 'Save Photos'. */
export function PhotoUploadForm({ listing, onSaved }: { listing: Tables<'listings'>; onSaved: (listing: Tables<'listings'>) => void }) {
  const [mainImage, setMainImage] = useState<File | null>(null);
  const [additional, setAdditional] = useState<File[]>([]);
  const [urls, setUrls] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // File inputs keep their chosen file names until remounted; a new key after saving clears them.
  const [inputsKey, setInputsKey] = useState(0);
  const savePhotos = useSavePhotos({ onSaved });
  const mainFiles = useMemo(() => (mainImage ? [mainImage] : []), [mainImage]);
  const [mainPreview] = usePreviews(mainFiles);
  const additionalPreviews = usePreviews(additional);

  const filledUrls = urls.map((u) => u.trim()).filter(Boolean);
  const invalidUrls = filledUrls.filter((u) => !photoUrlSchema.safeParse(u).success);
  const nothingToSave = !mainImage && additional.length === 0 && filledUrls.length === 0;

  const accept = (files: File[]) => {
    const refusals = files.map(photoRefusal).filter((r): r is string => r !== null);
    setProblem(refusals.length ? refusals.join(' ') : null);
    return files.filter((file) => photoRefusal(file) === null);
  };

  const save = () => {
    if (invalidUrls.length) return;
    savePhotos.mutate(
      { listing, mainImage, additionalPhotos: additional, photoUrls: filledUrls },
      {
        onSuccess: () => {
          setMainImage(null);
          setAdditional([]);
          setUrls([]);
          setProblem(null);
          setInputsKey((k) => k + 1);
        },
      },
    );
  };

  return (
    <section className="flex flex-col gap-4 rounded-lg border p-4" aria-label="Upload photos">
      <h2 className="text-lg font-semibold">Upload Photos</h2>
      <div key={inputsKey} className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="main-image">Main Property Image</Label>
          <Input id="main-image" type="file" accept="image/*" onChange={(event) => setMainImage(accept(Array.from(event.target.files ?? []))[0] ?? null)} />
          {mainPreview && (
            <div className="relative w-40">
              <img src={mainPreview} alt="Main image preview" className="aspect-[4/3] w-40 rounded-md border object-cover" />
              <Button size="icon-sm" variant="secondary" className="absolute top-1 right-1" aria-label="Remove main image" onClick={() => setMainImage(null)}>
                <X />
              </Button>
            </div>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="additional-photos">Additional Photos</Label>
          <Input
            id="additional-photos"
            type="file"
            accept="image/*"
            multiple
            onChange={(event) => {
              const files = accept(Array.from(event.target.files ?? []));
              setAdditional((current) => [...current, ...files]);
              event.target.value = '';
            }}
          />
          {additional.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {additional.map((file, index) => (
                <li key={`${file.name}-${index}`} className="relative">
                  <img src={additionalPreviews[index]} alt={`Preview of ${file.name}`} className="size-20 rounded-md border object-cover" />
                  <Button
                    size="icon-sm"
                    variant="secondary"
                    className="absolute top-0.5 right-0.5 size-6"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setAdditional((current) => current.filter((_, i) => i !== index))}
                  >
                    <X />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label>Photo URLs</Label>
        {urls.map((url, index) => (
          <div key={index} className="flex gap-2">
            <Input
              type="url"
              aria-label={`Photo URL ${index + 1}`}
              placeholder="https://example.com/photo.jpg"
              value={url}
              aria-invalid={url.trim() !== '' && !photoUrlSchema.safeParse(url.trim()).success}
              onChange={(event) => setUrls((current) => current.map((u, i) => (i === index ? event.target.value : u)))}
            />
            <Button size="icon" variant="ghost" aria-label={`Remove photo URL ${index + 1}`} onClick={() => setUrls((current) => current.filter((_, i) => i !== index))}>
              <X />
            </Button>
          </div>
        ))}
        <Button variant="outline" size="sm" className="w-fit" onClick={() => setUrls((current) => [...current, ''])}>
          <Link2 />
          <Plus />
          Add Photo URL
        </Button>
        {invalidUrls.length > 0 && <p className="text-destructive text-sm">Enter valid http(s) URLs: {invalidUrls.join(', ')}</p>}
      </div>
      {problem && (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      <Button className="w-fit" onClick={save} disabled={nothingToSave || invalidUrls.length > 0 || savePhotos.isPending}>
        {savePhotos.isPending ? <Loader2 className="animate-spin" /> : <ImagePlus />}
        Save Photos
      </Button>
    </section>
  );
}
