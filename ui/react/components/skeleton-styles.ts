// Panda CSS classes of the skeleton placeholders: a style module, so the build ships them as plain strings.
import { css } from '../../styled-system/css';

export const skeletonClass = css({
  display: 'block',
  bg: 'subtle',
  borderRadius: 'control',
  animation: 'authdPulse 1.4s ease-in-out infinite',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});
