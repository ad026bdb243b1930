// Panda CSS classes of the widgets' avatars: a style module, so the build ships them as plain strings.
import { css } from '../../styled-system/css';

export const avatarClass = css({
  flexShrink: '0',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  borderRadius: '9999px',
  bg: 'subtle',
  color: 'text',
  fontWeight: '600',
  lineHeight: '1',
  userSelect: 'none',
});

export const imageClass = css({ width: '100%', height: '100%', objectFit: 'cover' });
