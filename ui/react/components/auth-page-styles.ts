// Panda CSS classes of the sign-in and sign-up card's divider and right-aligned links.
// Apart from styles.ts so that only the screens that show it download it.
import { css } from '../../styled-system/css';

export const dividerClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  color: 'muted',
  fontSize: 'sm',
  _before: { content: '""', flex: '1', height: '1px', bg: 'line' },
  _after: { content: '""', flex: '1', height: '1px', bg: 'line' },
});

export const rightAlignedClass = css({ display: 'flex', justifyContent: 'flex-end' });
