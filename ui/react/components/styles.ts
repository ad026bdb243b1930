// Shared Panda CSS classes of the screens: the 380 px card, text, fields, buttons and links.
// Kept in one place so every screen looks the same and the stylesheet stays small; classes only
// one part of the sign-in card uses live beside it (tab-styles.ts, provider-button-styles.ts, ...),
// so that screens without that part do not download them.
import { css } from '../../styled-system/css';
import { button } from './button-recipe';
import { dangerBorder, fieldBox, lineBorder } from './style-parts';

export const pageClass = css({
  minHeight: '100%',
  // The theme's page colour around the card (hosted: the whole window, with the shell's body).
  bg: 'page',
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'flex-start',
  paddingY: '6',
  paddingX: '4',
  fontFamily: 'body',
  color: 'text',
});

export const cardClass = css({
  width: '100%',
  maxWidth: 'card',
  bg: 'surface',
  color: 'text',
  ...lineBorder,
  borderRadius: 'card',
  padding: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  fontSize: 'md',
  lineHeight: '1.5',
  boxShadow: '0 1px 3px rgba(0,0,0,0.08)',
});

export const titleClass = css({ fontSize: 'xl', fontWeight: '600', textAlign: 'center', margin: '0' });
export const subtleTextClass = css({ color: 'muted', fontSize: 'sm', textAlign: 'center', margin: '0' });
export const bodyTextClass = css({ margin: '0', textAlign: 'center' });

export const formClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const fieldClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
export const labelClass = css({ fontSize: 'sm', fontWeight: '500' });
export const inputClass = css({
  width: '100%',
  height: '40px',
  ...fieldBox,
  fontSize: 'lg', // 16 px: smaller text makes iOS Safari zoom into the page on focus
  outline: 'none',
  _focusVisible: { borderColor: 'accent' },
  _invalid: { borderColor: 'danger' },
  _disabled: { opacity: '0.6' },
});
export const errorTextClass = css({ color: 'danger', fontSize: 'sm' });

export const primaryButtonClass = button({ size: 'full', tone: 'primary' });

export const secondaryButtonClass = button({ size: 'full', tone: 'secondary' });

export const spinnerRowClass = css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: '2' });
export const formProblemClass = css({
  color: 'danger',
  fontSize: 'sm',
  ...dangerBorder,
  borderRadius: 'control',
  paddingX: '3',
  paddingY: '2',
  outline: 'none',
});

/** The project's name above the card title: where the visitor is signing in. */
export const projectNameClass = css({ color: 'muted', fontSize: 'sm', fontWeight: '500', textAlign: 'center', margin: '0' });

export const buttonRowClass = css({ display: 'flex', gap: '2' });

export const linkClass = css({
  color: 'text',
  textDecoration: 'underline',
  cursor: 'pointer',
  bg: 'transparent',
  border: 'none',
  padding: '0',
  font: 'inherit',
});

export const detailsBlockClass = css({
  margin: '0',
  padding: '3',
  bg: 'subtle',
  borderRadius: 'control',
  fontSize: 'sm',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
});
/** A small line of detail for whoever helps the person (an error code), below the words for them. */
export const detailsLineClass = css({ margin: '0', color: 'muted', fontSize: 'sm', wordBreak: 'break-word' });
export const labelledValueClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
