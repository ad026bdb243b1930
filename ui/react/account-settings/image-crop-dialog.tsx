// The crop step of an image upload, in a modal <dialog>: the upright picture under a round mask,
// moved by dragging or the arrow keys, a zoom slider from 1 to 5 in steps of 0.1, then 'Save'
// (compressed JPEG, see image-export.ts) or 'Cancel'. The browser's own modal dialog and range
// input give focus trapping, Escape and keyboard steps without Ark UI's Dialog and Slider, whose
// state machines would share code with the sign-in screen's chunks and split them up.
import { useEffect, useRef, useState } from 'react';
import { contentClass, cropAreaClass, maskClass, sliderClass, rangeClass } from './crop-dialog-styles';
import { messageOf } from '../form-submit';
import { cropAt, drawCrop, exportCrop, imageTooLargeMessage, uprightCanvasOf, type SquareCrop } from './image-export';
import { useLazyT, useSettingsT } from '../i18n/messages-context';
import { ImageOrientationError } from './jpeg-orientation';
import type { Translator } from '../i18n/translator';
import type { ImageCropKey } from '../../../server/protocol/messages/image-crop/image-crop-en';
import { compactPrimaryButtonClass, compactSecondaryButtonClass, inlineButtonsClass } from './settings-styles';
import { SectionError } from './section-error';

// The broken-EXIF failures jpeg-orientation.ts names, by their English (source) words.
const orientationProblems: Record<string, ImageCropKey> = {
  'not a valid JPEG': 'image.notJpeg',
  'TIFF header contains invalid endian': 'image.tiffEndian',
  'TIFF header contains invalid version': 'image.tiffVersion',
  'Orientation data type is invalid': 'image.orientationType',
  'Orientation data count is invalid': 'image.orientationCount',
};

/** Why a file did not decode: a broken JPEG's own reason, else not an image this page can use. */
function decodeProblemKey(failure: unknown): ImageCropKey {
  return (failure instanceof ImageOrientationError && orientationProblems[failure.message]) || 'image.invalid';
}

/** A failed save in the page's language: the image code's own failure, or the upload's. */
function saveProblemOf(failure: unknown, t: Translator<ImageCropKey>): string {
  return failure instanceof Error && failure.message === imageTooLargeMessage ? t('image.tooLarge') : messageOf(failure);
}

export const zoomRange = { min: 1, max: 5, step: 0.1 };
/** The preview canvas's side in px, as its box in crop-dialog-styles.ts. */
const previewSide = 256;

export function ImageCropDialog(props: {
  file: File;
  onSave(dataUrl: string): Promise<void>;
  onClose(): void;
  onFailed(message: string): void;
}) {
  const t = useLazyT('imageCrop');
  const settingsT = useSettingsT();
  const [image, setImage] = useState<HTMLCanvasElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [center, setCenter] = useState({ x: 0, y: 0 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const drag = useRef<{ x: number; y: number; center: { x: number; y: number } } | null>(null);
  // The latest callback, without restarting the decoding when the parent re-renders.
  const onFailed = useRef(props.onFailed);
  onFailed.current = props.onFailed;

  useEffect(() => {
    let active = true;
    uprightCanvasOf(props.file).then(
      (canvas) => {
        if (!active) return;
        setCenter({ x: canvas.width / 2, y: canvas.height / 2 });
        setImage(canvas);
      },
      (failure: unknown) => active && onFailed.current(t(decodeProblemKey(failure))),
    );
    return () => {
      active = false;
    };
  }, [props.file]);

  const crop: SquareCrop | null = image ? cropAt(image, zoom, center.x, center.y) : null;

  useEffect(() => {
    const target = preview.current;
    if (!target || !image || !crop) return;
    target.getContext('2d')!.clearRect(0, 0, target.width, target.height);
    drawCrop(target, image, crop);
  });

  useEffect(() => {
    if (image && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [image]);

  if (!image || !crop) return null;

  /** Moves the picture by a distance on screen (CSS pixels of the crop area). */
  function moveBy(from: { x: number; y: number }, dx: number, dy: number, areaWidth: number) {
    const pixelsPerScreenPixel = crop!.side / areaWidth;
    const next = cropAt(image!, zoom, from.x - dx * pixelsPerScreenPixel, from.y - dy * pixelsPerScreenPixel);
    setCenter({ x: next.centerX, y: next.centerY });
  }

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const { dataUrl } = await exportCrop(image!, crop!);
      await props.onSave(dataUrl);
    } catch (failure) {
      setError(saveProblemOf(failure, t));
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className={contentClass}
      aria-labelledby="authd-crop-title"
      aria-describedby="authd-crop-description"
      data-testid="crop-dialog"
      // Escape closes the dialog: the parent forgets the file.
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) props.onClose();
      }}
    >
      <h2 id="authd-crop-title" style={{ margin: 0, fontSize: '18px', fontWeight: 600 }}>
        {t('image.crop')}
      </h2>
      <p id="authd-crop-description" style={{ margin: 0, fontSize: '13px' }}>
        {t('image.cropText')}
      </p>
      <div
        className={cropAreaClass}
        tabIndex={0}
        role="group"
        aria-label={t('image.cropArea')}
        data-testid="crop-area"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drag.current = { x: event.clientX, y: event.clientY, center: { x: crop.centerX, y: crop.centerY } };
        }}
        onPointerMove={(event) => {
          const start = drag.current;
          if (!start) return;
          moveBy(start.center, event.clientX - start.x, event.clientY - start.y, event.currentTarget.clientWidth);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onKeyDown={(event) => {
          const steps: Record<string, [number, number]> = {
            ArrowLeft: [10, 0],
            ArrowRight: [-10, 0],
            ArrowUp: [0, 10],
            ArrowDown: [0, -10],
          };
          const step = steps[event.key];
          if (!step) return;
          event.preventDefault();
          moveBy({ x: crop.centerX, y: crop.centerY }, step[0], step[1], event.currentTarget.clientWidth);
        }}
      >
        <canvas ref={preview} width={previewSide} height={previewSide} aria-hidden="true" />
        <div className={maskClass} />
      </div>
      <label className={sliderClass}>
        {t('image.zoom')}
        <input
          type="range"
          className={rangeClass}
          min={zoomRange.min}
          max={zoomRange.max}
          step={zoomRange.step}
          value={zoom}
          aria-valuetext={`${zoom.toFixed(1)}×`}
          onChange={(event) => setZoom(Number(event.currentTarget.value))}
        />
      </label>
      <SectionError message={error} />
      <div className={inlineButtonsClass} style={{ justifyContent: 'flex-end' }}>
        <button type="button" className={compactSecondaryButtonClass} onClick={props.onClose} disabled={busy}>
          {settingsT('settings.cancel')}
        </button>
        <button type="button" className={compactPrimaryButtonClass} onClick={() => void save()} disabled={busy}>
          {settingsT('settings.save')}
        </button>
      </div>
    </dialog>
  );
}
