// Panda CSS classes of the toasts: a style module, so the build ships them as plain strings.
import { css } from '../../styled-system/css';

export const toastClass = css({
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

export const closeClass = css({
  marginInlineStart: 'auto',
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
