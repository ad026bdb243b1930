// Panda CSS classes of the account settings root: a style module, so the build ships them as plain strings.
import { css } from '../../styled-system/css';

export const rootClass = css({
  minHeight: '100vh',
  bg: 'page',
  color: 'text',
  fontFamily: 'body',
  display: 'flex',
  justifyContent: 'center',
  paddingY: '6',
  paddingX: '4',
  boxSizing: 'border-box',
});
