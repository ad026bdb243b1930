// Panda CSS classes of the six-box one-time code field.
// Apart from styles.ts so that only the screens that show it download it.
import { css } from '../../styled-system/css';

/** The one-time code: larger, spaced characters, read as a code rather than a word. */
export const oneTimeCodeInputClass = css({
  width: '100%',
  height: '44px',
  paddingX: '3',
  bg: 'field',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'fieldLine',
  borderRadius: 'control',
  fontSize: 'xl',
  fontFamily: 'mono',
  letterSpacing: '0.4em',
  textAlign: 'center',
  outline: 'none',
  _focusVisible: { borderColor: 'accent' },
  _invalid: { borderColor: 'danger' },
  _disabled: { opacity: '0.6' },
});
