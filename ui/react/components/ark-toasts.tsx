// Toasts on Ark UI's Toaster: one at a time, closing by themselves,
// paused while hovered or focused, dismissed by swipe or Escape, and F8 moves focus to them.
// Loaded by toasts.tsx with the first toast; `showToast` there is the way to show one.
import { createToaster, Toast, Toaster } from '@ark-ui/react/toast';
import { useEffect } from 'react';
import { toastClass, closeClass } from './toast-styles';
import { announceToast, queuedToasts, toastListeners } from './toasts';

export const toastDurationMillis = 5000;

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: toastDurationMillis,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

// A host app that uses this toaster directly still gets its toasts shown by <Toasts>.
toaster.subscribe(() => announceToast());

/** Ark's toaster on the page, fed with the toasts `showToast` queued (toasts.tsx mounts it). */
export function ArkToasts() {
  useEffect(() => {
    const handOver = () => {
      for (const request of queuedToasts.splice(0)) toaster.create(request);
    };
    handOver();
    toastListeners.add(handOver);
    return () => {
      toastListeners.delete(handOver);
    };
  }, []);
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
