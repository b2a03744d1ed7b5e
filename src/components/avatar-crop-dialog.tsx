import { Loader2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { cropToJpeg, type CropOutputSize } from '@/lib/crop-image';

/** How a profile photo is cropped (spec part 2 §5, §9): one dialog, configured per screen. */
export interface AvatarCropSettings {
  title: string;
  /** 'natural': the selected square in the file's own pixels; a number: that many pixels square. */
  outputSize: CropOutputSize;
  /** JPEG quality, 0–1. */
  quality: number;
  circular: boolean;
}

/** The coordinator's photo: the selected region at quality 0.8, circular (spec part 2 §5, §9). */
export const COORDINATOR_AVATAR_CROP: AvatarCropSettings = { title: 'Crop Profile Photo', outputSize: 'natural', quality: 0.8, circular: true };

/** The agent's photo: 250 × 250 JPEG at quality 0.95 (spec part 2 §5, §9). */
export const AGENT_AVATAR_CROP: AvatarCropSettings = { title: 'Crop Profile Photo', outputSize: 250, quality: 0.95, circular: true };

/** The initial crop: a square of 80% of the image's smaller side, centred (spec part 2 §9). */
function initialCrop(width: number, height: number): PercentCrop {
  const side = width >= height ? { height: 80 } : { width: 80 };
  return centerCrop(makeAspectCrop({ unit: '%', ...side }, 1, width, height), width, height);
}

/**
 * A square crop of a chosen image, shown in a dialog while `file` is set.
 * react-image-crop draws the selection and moves it by keyboard in steps of
 * 1, 10 (Shift) and 100 (Ctrl/Cmd) pixels; Save encodes the selection as JPEG
 * and hands it to `onCropped` (which uploads it and closes the dialog).
 */
export function AvatarCropDialog({
  file,
  settings,
  saving,
  onCropped,
  onCancel,
}: {
  file: File | null;
  settings: AvatarCropSettings;
  saving: boolean;
  onCropped: (image: Blob) => void;
  onCancel: () => void;
}) {
  const source = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);
  const imageRef = useRef<HTMLImageElement>(null);
  // Kept with the image it belongs to, so a newly chosen file never starts from the previous selection.
  const [selection, setSelection] = useState<{ source: string; crop: PercentCrop }>();
  const crop = selection && selection.source === source ? selection.crop : undefined;
  const setCrop = (next: PercentCrop) => source && setSelection({ source, crop: next });
  const [cropping, setCropping] = useState(false);

  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const { width, height } = event.currentTarget;
    setCrop(initialCrop(width, height));
  };

  const save = async () => {
    if (!imageRef.current || !crop) return;
    setCropping(true);
    try {
      onCropped(await cropToJpeg(imageRef.current, crop, settings.outputSize, settings.quality));
    } catch {
      toast({ title: 'Error', description: 'Failed to crop image. Please try again.', variant: 'destructive' });
    } finally {
      setCropping(false);
    }
  };

  const busy = saving || cropping;
  return (
    <Dialog
      open={!!source}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{settings.title}</DialogTitle>
          <DialogDescription>Drag the circle, or focus it and use the arrow keys (Shift moves 10 px), then save.</DialogDescription>
        </DialogHeader>
        {source && (
          <div className="flex justify-center">
            <ReactCrop
              crop={crop}
              onChange={(_, percent) => setCrop(percent)}
              aspect={1}
              circularCrop={settings.circular}
              keepSelection
              minWidth={24}
              disabled={busy}
            >
              <img ref={imageRef} src={source} alt="Photo to crop" onLoad={onLoad} className="max-h-[55dvh] max-w-full" />
            </ReactCrop>
          </div>
        )}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={onCancel}
          >
            Cancel
          </Button>
          <Button type="button" disabled={busy || !crop} onClick={() => void save()}>
            {busy && <Loader2 className="animate-spin" />}
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
