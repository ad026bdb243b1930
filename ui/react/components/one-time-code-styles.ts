// Panda CSS classes of the six-box one-time code field.
// Apart from styles.ts so that only the screens that show it download it.
import { css } from '../../styled-system/css';
import { fieldBox } from './style-parts';

/** The one-time code: larger, spaced characters, read as a code rather than a word. */
export const oneTimeCodeInputClass = css({
  width: '100%',
  height: '44px',
  ...fieldBox,
  fontSize: 'xl',
  fontFamily: 'mono',
  letterSpacing: '0.4em',
  textAlign: 'center',
  outline: 'none',
  _focusVisible: { borderColor: 'accent' },
  _invalid: { borderColor: 'danger' },
  _disabled: { opacity: '0.6' },
});
