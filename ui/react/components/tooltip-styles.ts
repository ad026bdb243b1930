// Panda CSS classes of the info tooltip: a style module, so the build ships them as plain strings.
import { css, cx } from '../../styled-system/css';
import { focusRing } from './button-recipe';

export const triggerClass = cx(
  css({
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

  }),
  focusRing({ offset: 'on' }),
);

/** The trigger's wrapper, which the tooltip is placed against. */
export const tooltipAnchorClass = css({ position: 'relative', display: 'inline-flex' });

export const contentClass = css({
  // Above the icon, its left edge at the icon's left; never wider than the screen allows.
  position: 'absolute',
  bottom: 'calc(100% + 6px)',
  insetInlineStart: '0',
  width: 'max-content',
  maxWidth: 'min(280px, calc(100vw - 32px))',
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
