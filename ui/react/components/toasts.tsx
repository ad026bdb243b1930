// Toasts on Ark UI's Toaster: one at a time, closing by themselves,
// paused while hovered or focused, dismissed by swipe or Escape, and F8 moves focus to them.
import { createToaster, Toast, Toaster } from '@ark-ui/react/toast';
import { toastClass, closeClass } from './toast-styles';

export const toastDurationMillis = 5000;

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: toastDurationMillis,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

export function showToast(title: string, type: 'success' | 'error' | 'info' = 'info'): void {
  toaster.create({ title, type });
}

/** Renders the toasts; mount it once inside authd's root element. */
export function Toasts() {
  return (
    <Toaster toaster={toaster}>
      {(toast) => (
        <Toast.Root key={toast.id} className={toastClass} data-testid="toast">
          <Toast.Title>{toast.title}</Toast.Title>
          <Toast.CloseTrigger className={closeClass} aria-label="Dismiss">
            ×
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  );
}
