// The console's Panda CSS classes, in one file: evaluated at build time and shipped as plain
// class-name strings (scripts/build-ui.ts), so the console carries no css() runtime.
import { css } from '../styled-system/css';
import {
  cardSurface,
  centredFlex,
  dangerBorder,
  ellipsis,
  fieldBox,
  focusOutlineNear,
  lineBorder,
  ruleBelow,
  visuallyHidden,
} from '../react/components/style-parts';

const wide = '@media (min-width: 900px)';

export const appClass = css({
  minHeight: '100vh',
  bg: 'page',
  color: 'text',
  fontFamily: 'body',
  fontSize: 'md',
  lineHeight: '1.5',
  display: 'flex',
  flexDirection: 'column',
});

export const headerClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  paddingX: '4',
  paddingY: '2',
  // Grows to a second line when a language's words for the brand and Sign out need it.
  minHeight: '52px',
  flexWrap: 'wrap',
  bg: 'surface',
  ...ruleBelow,
  flexShrink: '0',
});
export const brandClass = css({ fontWeight: '700', fontSize: 'lg', color: 'text', textDecoration: 'none', whiteSpace: 'nowrap' });
export const headerSpacerClass = css({ flex: '1', minWidth: '0' });
export const headerUserClass = css({
  color: 'muted',
  fontSize: 'sm',
  ...ellipsis,
  display: 'none',
  '@media (min-width: 600px)': { display: 'block' },
});

export const bodyClass = css({
  display: 'flex',
  flexDirection: 'column',
  flex: '1',
  minWidth: '0',
  [wide]: { flexDirection: 'row' },
});

export const navClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1',
  paddingX: '3',
  paddingY: '2',
  bg: 'surface',
  ...ruleBelow,
  [wide]: {
    flexDirection: 'column',
    width: '220px',
    flexShrink: '0',
    paddingY: '4',
    borderBottomWidth: '0',
    borderInlineEndWidth: '1px',
    borderInlineEndStyle: 'solid',
    borderInlineEndColor: 'line',
  },
});
export const navHeadingClass = css({
  fontSize: 'sm',
  color: 'muted',
  margin: '0',
  paddingX: '2',
  display: 'none',
  ...ellipsis,
  [wide]: { display: 'block', marginBottom: '2' },
});
export const navLinkClass = css({
  display: 'block',
  paddingX: '2',
  paddingY: '1',
  fontSize: 'sm',
  [wide]: { paddingX: '3', paddingY: '2', fontSize: 'md' },
  borderRadius: 'control',
  color: 'text',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _hover: { bg: 'subtle' },
  ...focusOutlineNear,
  '&[aria-current=page], &[data-status=active]': { bg: 'subtle', fontWeight: '600' },
});

export const mainClass = css({
  flex: '1',
  minWidth: '0',
  padding: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  maxWidth: '1100px',
  [wide]: { padding: '6' },
});

export const pageTitleClass = css({ fontSize: 'xl', fontWeight: '600', margin: '0' });
export const sectionTitleClass = css({ fontSize: 'lg', fontWeight: '600', margin: '0' });
export const mutedClass = css({ color: 'muted', fontSize: 'sm', margin: '0' });
export const textClass = css({ margin: '0' });
export const titleRowClass = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', justifyContent: 'space-between' });

export const panelClass = css({
  ...cardSurface,
  padding: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  minWidth: '0',
});

export const formRowClass = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-end' });
export const fieldClass = css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1 1 220px', minWidth: '0' });
export const labelClass = css({ fontSize: 'sm', fontWeight: '500' });
export const inputClass = css({
  width: '100%',
  height: '38px',
  ...fieldBox,
  fontSize: 'lg',
  boxSizing: 'border-box',
  ...focusOutlineNear,
});
export const checkboxRowClass = css({ display: 'flex', alignItems: 'center', gap: '2', overflowWrap: 'anywhere' });

// A button is one line at least as high as a field, and wraps when a language's words are
// longer than the row is wide (at 390 px), instead of running out of the page.
const buttonBase = {
  minHeight: '38px',
  maxWidth: '100%',
  paddingX: '4',
  borderRadius: 'control',
  fontSize: 'md',
  fontWeight: '500',
  cursor: 'pointer',
  borderWidth: '1px',
  borderStyle: 'solid',
  whiteSpace: 'normal',
  _disabled: { opacity: '0.6', cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
} as const;
export const primaryButtonClass = css({ ...buttonBase, bg: 'accent', color: 'onAccent', borderColor: 'accent' });
export const secondaryButtonClass = css({ ...buttonBase, bg: 'surface', color: 'text', borderColor: 'fieldLine' });
export const dangerButtonClass = css({ ...buttonBase, bg: 'danger', color: 'white', borderColor: 'danger', _dark: { color: 'gray950' } });
export const smallButtonClass = css({
  ...buttonBase,
  minHeight: '30px',
  paddingX: '3',
  fontSize: 'sm',
  bg: 'surface',
  color: 'text',
  borderColor: 'fieldLine',
});
export const smallDangerButtonClass = css({
  ...buttonBase,
  minHeight: '30px',
  paddingX: '3',
  fontSize: 'sm',
  bg: 'surface',
  color: 'danger',
  borderColor: 'danger',
});

export const linkClass = css({
  color: 'text',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  ...focusOutlineNear,
});

export const tableWrapClass = css({ overflowX: 'auto', maxWidth: '100%' });
export const tableClass = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'md',
  '& th, & td': {
    textAlign: 'start',
    paddingY: '2',
    paddingX: '3',
    ...ruleBelow,
    verticalAlign: 'middle',
  },
  // Headers and the nowrap cells keep to one line where the table has room (640 px and up);
  // on a phone a longer language's words wrap instead of pushing the table past the screen.
  '& th': { fontSize: 'sm', color: 'muted', fontWeight: '600', '@media (min-width: 640px)': { whiteSpace: 'nowrap' } },
  '& tbody tr:last-child td': { borderBottomWidth: '0' },
});
export const cellNowrapClass = css({ '@media (min-width: 640px)': { whiteSpace: 'nowrap' } });
export const monoClass = css({ fontFamily: 'mono', fontSize: 'sm', wordBreak: 'break-all' });

export const definitionListClass = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(110px, max-content) 1fr',
  gap: '2',
  columnGap: '4',
  margin: '0',
  '& dt': { color: 'muted', fontSize: 'sm' },
  '& dd': { margin: '0', minWidth: '0', overflowWrap: 'anywhere' },
});

export const stateBoxClass = css({
  padding: '6',
  textAlign: 'center',
  overflowWrap: 'anywhere',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  '& > *': { maxWidth: '100%' },
  gap: '2',
  color: 'muted',
});
export const errorBoxClass = css({
  padding: '4',
  borderRadius: 'control',
  ...dangerBorder,
  color: 'danger',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  alignItems: 'flex-start',
});
export const errorTextClass = css({ color: 'danger', fontSize: 'sm', margin: '0' });
export const successTextClass = css({ color: 'success', fontSize: 'sm', margin: '0' });
export const skeletonRowClass = css({
  height: '20px',
  borderRadius: 'control',
  bg: 'subtle',
  width: '100%',
  '@media (prefers-reduced-motion: no-preference)': { animation: 'authdPulse 1.5s ease-in-out infinite' },
});

export const badgeClass = css({
  display: 'inline-block',
  paddingX: '2',
  borderRadius: '999px',
  fontSize: 'sm',
  bg: 'subtle',
  color: 'text',
  whiteSpace: 'nowrap',
});
export const secretBoxClass = css({
  fontFamily: 'mono',
  fontSize: 'sm',
  padding: '3',
  bg: 'subtle',
  borderRadius: 'control',
  wordBreak: 'break-all',
  margin: '0',
});

export const cardGridClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  listStyle: 'none',
  padding: '0',
  margin: '0',
});
export const projectCardLinkClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  color: 'text',
  textDecoration: 'none',
  fontWeight: '600',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
  _hover: { textDecoration: 'underline' },
});

export const dialogBackdropClass = css({ position: 'fixed', inset: '0', bg: 'rgba(2,6,23,0.55)', zIndex: '10' });
export const dialogPositionerClass = css({
  position: 'fixed',
  inset: '0',
  ...centredFlex,
  padding: '4',
  zIndex: '11',
});
export const dialogContentClass = css({
  bg: 'surface',
  color: 'text',
  borderRadius: 'card',
  padding: '6',
  width: '100%',
  maxWidth: '440px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  boxShadow: '0 10px 30px rgba(0,0,0,0.25)',
  ...lineBorder,
});
export const dialogActionsClass = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' });

export const centeredCardClass = css({
  margin: '48px auto',
  maxWidth: '420px',
  width: 'calc(100% - 32px)',
  ...cardSurface,
  padding: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  textAlign: 'center',
  alignItems: 'center',
});
export const pagerClass = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' });

export const textareaClass = css({
  width: '100%',
  minHeight: '72px',
  ...fieldBox,
  padding: '3',
  fontFamily: 'mono',
  fontSize: 'sm',
  boxSizing: 'border-box',
  '&[aria-invalid=true]': { borderColor: 'danger' },
  ...focusOutlineNear,
});
export const detailGridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: '1fr',
  '@media (min-width: 1100px)': { gridTemplateColumns: '1fr 1fr' },
});
export const selectClass = css({
  width: '100%',
  height: '38px',
  ...fieldBox,
  fontSize: 'md',
  ...focusOutlineNear,
});
export const channelListClass = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', padding: '0', margin: '0' });
export const fieldsetClass = css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', padding: '0', margin: '0' });
export const problemListClass = css({ display: 'flex', flexDirection: 'column', gap: '2', paddingInlineStart: '4', listStyle: 'disc', color: 'danger', margin: '0' });
export const formContentsClass = css({ display: 'contents' });
/** Columns that only help on a wide screen; a phone shows the table without them. */
export const wideOnlyClass = css({ '@media (max-width: 639px)': { display: 'none' } });
export const visuallyHiddenClass = css({ ...visuallyHidden });
export const stackedCellClass = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0', overflowWrap: 'anywhere' });
export const keyListClass = css({ display: 'flex', flexDirection: 'column', fontFamily: 'mono', fontSize: 'sm', whiteSpace: 'nowrap' });
/** A label and its field in a column (fieldClass grows them side by side in a row). */
export const columnFieldClass = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
export const breakAnywhereClass = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' });
export const statGridClass = css({ display: 'grid', gap: '3', gridTemplateColumns: 'repeat(auto-fit, minmax(100px, 1fr))' });
export const figureNumberClass = css({ fontSize: '28px', fontWeight: '700', margin: '0', fontVariantNumeric: 'tabular-nums' });
export const chartClass = css({ width: '100%', height: '120px', display: 'block', ...ruleBelow });
export const chartBarClass = css({ fill: 'accent' });
export const recentListClass = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', padding: '0', margin: '0' });
/** An identifier kept on one line (permission ids break badly anywhere). */
export const codeCellClass = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere', '@media (min-width: 640px)': { whiteSpace: 'nowrap' } });

/** A warning that asks for a look, not an error: the danger colour on its edge only. */
export const warningBoxClass = css({
  padding: '3',
  margin: '0',
  borderRadius: 'control',
  ...dangerBorder,
  borderInlineStartWidth: '4px',
  color: 'text',
  fontSize: 'sm',
});

/** An email's rendered HTML, as its recipient's mail app would frame it. */
export const previewFrameClass = css({
  width: '100%',
  height: '480px',
  ...lineBorder,
  borderRadius: 'control',
  bg: 'white',
});
