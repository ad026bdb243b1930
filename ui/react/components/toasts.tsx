// Toasts, loaded on first use: `showToast` queues the message and <Toasts> then loads Ark UI's
// toaster (ark-toasts.tsx, about 13 KB brotli with its state machine) and shows it. A page
// that shows no toast never downloads that code, so it is no part of a screen's first load.
import { lazy, Suspense, useEffect, useState } from 'react';

export type ToastType = 'success' | 'error' | 'info';

export interface ToastRequest {
  title: string;
  type: ToastType;
}

/** Toasts asked for and not yet handed to Ark's toaster, oldest first. */
export const queuedToasts: ToastRequest[] = [];
/** Called whenever a toast is asked for (or Ark's toaster gets one another way). */
export const toastListeners = new Set<() => void>();

export function showToast(title: string, type: ToastType = 'info'): void {
  queuedToasts.push({ title, type });
  announceToast();
}

/** Tells a mounted <Toasts> that there is something to show. */
export function announceToast(): void {
  for (const listener of toastListeners) listener();
}

const ArkToasts = lazy(() => import('./ark-toasts').then((m) => ({ default: m.ArkToasts })));

/** Renders the toasts; mount it once inside authd's root element. */
export function Toasts() {
  const [wanted, setWanted] = useState(queuedToasts.length > 0);
  useEffect(() => {
    const listener = () => setWanted(true);
    toastListeners.add(listener);
    if (queuedToasts.length > 0) setWanted(true);
    return () => {
      toastListeners.delete(listener);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ArkToasts />
    </Suspense>
  );
}
