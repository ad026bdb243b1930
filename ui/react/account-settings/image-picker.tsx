// A clickable image that opens the file picker; the chosen file is turned upright, cropped in a
// dialog and saved as a compressed JPEG. The crop dialog and image code load on first use.
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useFocusBackWhenClosed } from '../focus-moves';
import { errorTextClass } from '../components/styles';
import { avatarButtonClass } from './settings-styles';

const ImageCropDialog = lazy(() => import('./image-crop-dialog').then((m) => ({ default: m.ImageCropDialog })));

export function ImagePicker(props: { label: string; children: ReactNode; onCropped(dataUrl: string): Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The dialog leaves the page when it closes (Escape, Cancel, Save): focus goes back to the image.
  const trigger = useFocusBackWhenClosed<HTMLButtonElement>(file !== null);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '6px' }}>
      <button
        ref={trigger}
        type="button"
        className={avatarButtonClass}
        aria-label={props.label}
        onClick={() => input.current?.click()}
      >
        {props.children}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="image-file-input"
        onChange={(event) => {
          const picked = event.currentTarget.files?.[0] ?? null;
          // Cleared so that picking the same file again still fires a change.
          event.currentTarget.value = '';
          setError(null);
          setFile(picked);
        }}
      />
      {error && (
        <p className={errorTextClass} role="alert" style={{ margin: 0 }} data-testid="image-error">
          {error}
        </p>
      )}
      {file && (
        <Suspense fallback={null}>
          <ImageCropDialog
            file={file}
            onClose={() => setFile(null)}
            onFailed={(message) => {
              setFile(null);
              setError(message);
            }}
            onSave={async (dataUrl) => {
              await props.onCropped(dataUrl);
              setFile(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
