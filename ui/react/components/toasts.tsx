// Toasts on Ark UI's Toaster: one at a time, closing by themselves,
// paused while hovered or focused, dismissed by swipe or Escape, and F8 moves focus to them.
import { createToaster, Toast, Toaster } from '@ark-ui/react/toast';
import { css } from '../../styled-system/css';

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

const toastClass = css({
  // Placement and stacking come from the variables the toaster sets on each toast.
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transitionProperty: 'translate, scale, opacity, height',
  transitionDuration: '300ms',
  minWidth: '240px',
  maxWidth: 'calc(100vw - 32px)',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  paddingY: '3',
  paddingX: '4',
  bg: 'accent',
  color: 'onAccent',
  borderRadius: 'control',
  boxShadow: '0 4px 16px rgba(0,0,0,0.2)',
  fontFamily: 'body',
  fontSize: 'md',
  '&[data-type=error]': { bg: 'danger', color: 'white' },
});

const closeClass = css({
  marginLeft: 'auto',
  bg: 'transparent',
  color: 'inherit',
  border: 'none',
  cursor: 'pointer',
  fontSize: 'lg',
  lineHeight: '1',
  padding: '1',
  borderRadius: 'control',
  _focusVisible: { outline: '2px solid currentColor' },
});

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
