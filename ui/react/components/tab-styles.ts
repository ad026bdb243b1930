// Panda CSS classes of the sign-in card's tabs between password and emailed code.
// Apart from styles.ts so that only the screens that show it download it.
import { css } from '../../styled-system/css';

export const tabListClass = css({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  bg: 'subtle',
  borderRadius: 'control',
  padding: '1',
  gap: '1',
});

export const tabTriggerClass = css({
  height: '30px',
  border: 'none',
  borderRadius: 'control',
  bg: 'transparent',
  color: 'muted',
  fontSize: 'sm',
  fontWeight: '500',
  cursor: 'pointer',
  _selected: { bg: 'surface', color: 'text' },
});

export const tabContentClass = css({ paddingTop: '3' });
