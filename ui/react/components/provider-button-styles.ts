// Panda CSS classes of the sign-in card's provider and passkey buttons.
// Apart from styles.ts so that only the screens that show it download it.
import { css, cx } from '../../styled-system/css';
import { focusRing } from './button-recipe';
import { centredFlex } from './style-parts';

export const providerListClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });

export const compactProviderListClass = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2' });

export const providerButtonClass = cx(
  css({
    height: '40px',
    width: '100%',
    ...centredFlex,
    gap: '2',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderRadius: 'control',
    borderColor: 'line',
    bg: 'surface',
    color: 'text',
    fontSize: 'md',
    fontWeight: '500',
    cursor: 'pointer',
    _disabled: { opacity: '0.7', cursor: 'default' },

  }),
  focusRing(),
);
