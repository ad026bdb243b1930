// Panda CSS classes of the info tooltip: a style module, so the build ships them as plain strings.
import { css } from '../../styled-system/css';

export const triggerClass = css({
  width: '20px',
  height: '20px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '0',
  bg: 'transparent',
  color: 'muted',
  border: 'none',
  borderRadius: '50%',
  cursor: 'help',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent' },
});

export const contentClass = css({
  maxWidth: '280px',
  paddingY: '2',
  paddingX: '3',
  bg: 'accent',
  color: 'onAccent',
  borderRadius: 'control',
  fontFamily: 'body',
  fontSize: 'sm',
  lineHeight: '1.4',
  boxShadow: '0 4px 12px rgba(0,0,0,0.2)',
  zIndex: '50',
});
