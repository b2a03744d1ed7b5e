import type { PercentCrop } from 'react-image-crop';

/** What the cropped square becomes: its own natural pixels, or a fixed side in pixels. */
export type CropOutputSize = 'natural' | number;

/**
 * The square a percent crop selects, in the image's natural pixels. A percent
 * crop is independent of how large the image is shown, so nudging on a small
 * phone screen and on a desktop selects the same region of the file.
 */
export function naturalSquare(crop: PercentCrop, naturalWidth: number, naturalHeight: number) {
  const x = Math.round((crop.x / 100) * naturalWidth);
  const y = Math.round((crop.y / 100) * naturalHeight);
  const side = Math.max(1, Math.round(Math.min((crop.width / 100) * naturalWidth, (crop.height / 100) * naturalHeight)));
  return { x: Math.min(x, naturalWidth - side), y: Math.min(y, naturalHeight - side), side };
}

/**
 * Draws the selected square of a loaded image onto a canvas and encodes it as
 * JPEG. Throws when the browser cannot encode (the caller shows the spec's
 * 'Failed to crop image. Please try again.').
 */
export async function cropToJpeg(image: HTMLImageElement, crop: PercentCrop, output: CropOutputSize, quality: number): Promise<Blob> {
  const { x, y, side } = naturalSquare(crop, image.naturalWidth, image.naturalHeight);
  const size = output === 'natural' ? side : output;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2d canvas context');
  // JPEG has no transparency: a transparent PNG gets a white, not black, background.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, x, y, side, side, 0, 0, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('The browser could not encode the cropped image');
  return blob;
}
