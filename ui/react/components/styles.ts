// Shared Panda CSS classes of the screens: the 380 px card, text, fields, buttons and links.
// Kept in one place so every screen looks the same and the stylesheet stays small.
import { css } from '../../styled-system/css';

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
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
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
  paddingX: '3',
  bg: 'field',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'fieldLine',
  borderRadius: 'control',
  fontSize: 'lg', // 16 px: smaller text makes iOS Safari zoom into the page on focus
  outline: 'none',
  _focusVisible: { borderColor: 'accent' },
  _invalid: { borderColor: 'danger' },
  _disabled: { opacity: '0.6' },
});
export const errorTextClass = css({ color: 'danger', fontSize: 'sm' });
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

export const passwordControlClass = css({ position: 'relative', display: 'flex', alignItems: 'center' });
export const passwordToggleClass = css({
  position: 'absolute',
  insetInlineEnd: '2',
  width: '24px',
  height: '24px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'muted',
  cursor: 'pointer',
  bg: 'transparent',
  border: 'none',
  borderRadius: 'control',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent' },
});

export const primaryButtonClass = css({
  height: '40px',
  width: '100%',
  bg: 'accent',
  color: 'onAccent',
  border: 'none',
  borderRadius: 'control',
  fontSize: 'md',
  fontWeight: '500',
  cursor: 'pointer',
  _disabled: { opacity: '0.6', cursor: 'default' },
});

export const secondaryButtonClass = css({
  height: '40px',
  width: '100%',
  bg: 'transparent',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'control',
  fontSize: 'md',
  fontWeight: '500',
  cursor: 'pointer',
});

export const spinnerRowClass = css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: '2' });
export const formProblemClass = css({
  color: 'danger',
  fontSize: 'sm',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'danger',
  borderRadius: 'control',
  paddingX: '3',
  paddingY: '2',
  outline: 'none',
});

export const subtitleClass = css({ fontSize: 'lg', fontWeight: '600', textAlign: 'center', margin: '0' });
export const codeStepClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  paddingTop: '4',
  marginTop: '1',
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'line',
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

export const dividerClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  color: 'muted',
  fontSize: 'sm',
  _before: { content: '""', flex: '1', height: '1px', bg: 'line' },
  _after: { content: '""', flex: '1', height: '1px', bg: 'line' },
});

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

export const providerListClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
export const compactProviderListClass = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2' });
export const providerButtonClass = css({
  height: '40px',
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
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
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
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
export const rightAlignedClass = css({ display: 'flex', justifyContent: 'flex-end' });
