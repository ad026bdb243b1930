// Panda CSS classes of the password field's show/hide control.
// Apart from styles.ts so that only the screens that show it download it.
import { css, cx } from '../../styled-system/css';
import { focusRing } from './button-recipe';
import { centredFlex } from './style-parts';

export const passwordControlClass = css({ position: 'relative', display: 'flex', alignItems: 'center' });

export const passwordToggleClass = cx(
  css({
    position: 'absolute',
    insetInlineEnd: '2',
    width: '24px',
    height: '24px',
    ...centredFlex,
    color: 'muted',
    cursor: 'pointer',
    bg: 'transparent',
    border: 'none',
    borderRadius: 'control',

  }),
  focusRing({ offset: 'on' }),
);
