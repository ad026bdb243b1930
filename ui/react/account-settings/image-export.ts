// The image steps of the profile-image upload: decode the file as stored, turn it
// upright from its JPEG orientation, keep within the browser's canvas limit, crop a square, and
// compress it as JPEG to at most 0.1 MB in at most 10 passes.
import { isJpeg, readJpegOrientation } from './jpeg-orientation';

export const invalidImageMessage = 'Invalid image';
export const imageTooLargeMessage = 'The image could not be compressed to 0.1 MB.';
/** 0.1 MB, in the binary megabytes image tools count in. */
export const maxImageBytes = Math.floor(0.1 * 1024 * 1024);
export const maxCompressionPasses = 10;
/** Side of the saved image: large enough for any avatar, small enough to compress quickly. */
export const outputSide = 512;

/** The largest canvas side each browser draws reliably; the area is held to its square. */
export function canvasSideLimit(userAgent: string): number {
  const iOS = /iPad|iPhone|iPod/.test(userAgent);
  if (iOS) return 4096;
  if (/Firefox\//.test(userAgent)) return 11180;
  if (/Chrome\/|Chromium\/|CriOS\//.test(userAgent)) return 16384;
  if (/Safari\//.test(userAgent) && /Macintosh/.test(userAgent)) return 16384;
  return 8192;
}

/** A JPEG segment that sets EXIF orientation 6 (a quarter turn clockwise). */
function orientationSixSegment(): Uint8Array<ArrayBuffer> {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
  return new Uint8Array([0xff, 0xe1, 0, exif.length + 2, ...exif]);
}

let exifAppliedByBrowser: Promise<boolean> | undefined;

/**
 * Whether this browser already turns JPEGs upright when decoding them (current browsers do, and
 * ignore `imageOrientation: 'none'`): a 2×1 JPEG marked as turned decodes as 1×2 if so. The
 * orientation is then applied here only where the browser does not, so never twice.
 */
function browserAppliesExifOrientation(): Promise<boolean> {
  exifAppliedByBrowser ??= (async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 2;
    canvas.height = 1;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg'));
    if (!blob) return true;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const marked = new Blob([bytes.slice(0, 2), orientationSixSegment(), bytes.slice(2)], { type: 'image/jpeg' });
    const bitmap = await createImageBitmap(marked);
    const applied = bitmap.width === 1;
    bitmap.close();
    return applied;
  })().catch(() => true);
  return exifAppliedByBrowser;
}

/** The file as an upright canvas, scaled down when its area exceeds the browser's limit. */
export async function uprightCanvasOf(file: Blob): Promise<HTMLCanvasElement> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Only JPEGs carry the orientation this step reads; a file typed as JPEG must really be one.
  const storedOrientation = isJpeg(bytes) || file.type === 'image/jpeg' ? readJpegOrientation(bytes) : 1;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(invalidImageMessage);
  }
  const orientation = storedOrientation !== 1 && (await browserAppliesExifOrientation()) ? 1 : storedOrientation;
  const limit = canvasSideLimit(navigator.userAgent);
  const scale = Math.min(1, limit / Math.sqrt(bitmap.width * bitmap.height));
  const width = Math.max(1, Math.floor(bitmap.width * scale));
  const height = Math.max(1, Math.floor(bitmap.height * scale));
  const swapsSides = orientation >= 5;
  const canvas = document.createElement('canvas');
  canvas.width = swapsSides ? height : width;
  canvas.height = swapsSides ? width : height;
  const context = canvas.getContext('2d')!;
  // The EXIF orientations as canvas transforms (2: mirrored, 3: 180°, 6: 90° clockwise, …).
  const transforms: Record<number, [number, number, number, number, number, number]> = {
    1: [1, 0, 0, 1, 0, 0],
    2: [-1, 0, 0, 1, width, 0],
    3: [-1, 0, 0, -1, width, height],
    4: [1, 0, 0, -1, 0, height],
    5: [0, 1, 1, 0, 0, 0],
    6: [0, 1, -1, 0, height, 0],
    7: [0, -1, -1, 0, height, width],
    8: [0, -1, 1, 0, 0, width],
  };
  context.setTransform(...transforms[orientation]!);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return canvas;
}

/** A square part of the upright image: its centre and side, in the image's pixels. */
export interface SquareCrop {
  centerX: number;
  centerY: number;
  side: number;
}

/** The crop at `zoom` (1 = the largest square), its centre kept so the square stays inside. */
export function cropAt(image: { width: number; height: number }, zoom: number, centerX: number, centerY: number): SquareCrop {
  const side = Math.min(image.width, image.height) / zoom;
  const half = side / 2;
  return {
    side,
    centerX: Math.min(Math.max(centerX, half), image.width - half),
    centerY: Math.min(Math.max(centerY, half), image.height - half),
  };
}

export function drawCrop(target: HTMLCanvasElement, image: HTMLCanvasElement, crop: SquareCrop): void {
  target.getContext('2d')!.drawImage(
    image,
    crop.centerX - crop.side / 2,
    crop.centerY - crop.side / 2,
    crop.side,
    crop.side,
    0,
    0,
    target.width,
    target.height,
  );
}

function jpegBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(invalidImageMessage))), 'image/jpeg', quality),
  );
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(invalidImageMessage));
    reader.readAsDataURL(blob);
  });
}

/**
 * The crop as a JPEG data URL of at most 0.1 MB: each pass lowers the quality, and from the
 * fourth on also the size, so the loop ends within ten passes for any picture.
 */
export async function exportCrop(image: HTMLCanvasElement, crop: SquareCrop): Promise<{ dataUrl: string; passes: number; bytes: number }> {
  let side = Math.max(1, Math.min(outputSide, Math.round(crop.side)));
  let quality = 0.92;
  for (let pass = 1; pass <= maxCompressionPasses; pass++) {
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, side, side);
    drawCrop(canvas, image, crop);
    const blob = await jpegBlob(canvas, quality);
    if (blob.size <= maxImageBytes) return { dataUrl: await dataUrlOf(blob), passes: pass, bytes: blob.size };
    quality = Math.max(0.3, quality - 0.12);
    if (pass >= 3) side = Math.max(16, Math.round(side * 0.75));
  }
  throw new Error(imageTooLargeMessage);
}
