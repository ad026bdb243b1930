// Pieces of style that the screens' and the console's style modules build their classes from:
// the thin border, a text field's box, the keyboard focus outline and the hidden-but-read text.
// Only style modules import this, at build time, so none of it reaches a page (build-ui.ts).
// Each piece is marked internal: the package's declarations leave them out (stripInternal), since their
// type is Panda's generated one, which @authd/react does not ship.
import { css } from '../../styled-system/css';

/** The 1 px border in the line colour round a card, panel, menu or dialog. @internal */
export const lineBorder = css.raw({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'line' });

/** A 1 px line in the line colour below a header, a bar or a table's cells. @internal */
export const ruleBelow = css.raw({ borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'line' });

/** A 1 px line in the line colour above a step, a group or a table's row. @internal */
export const ruleAbove = css.raw({ borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'line' });

/** The 1 px danger-coloured border round a problem or a warning. @internal */
export const dangerBorder = css.raw({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'danger' });

/** A card's or panel's surface: the surface colour inside the thin border, the card's radius. @internal */
export const cardSurface = css.raw({ bg: 'surface', ...lineBorder, borderRadius: 'card' });

/** One line of text that ends in an ellipsis rather than wrapping (a long name in a bar or list). @internal */
export const ellipsis = css.raw({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

/** A text field's box: the field colour, its border (which is how it is seen at all) and radius. @internal */
export const fieldBox = css.raw({
  paddingX: '3',
  bg: 'field',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'fieldLine',
  borderRadius: 'control',
});

/** Content centred on both axes of a flex box (an icon in its button). @internal */
export const centredFlex = css.raw({ display: 'flex', alignItems: 'center', justifyContent: 'center' });

/** The console's keyboard focus outline, 1 px off a field's or link's edge. @internal */
export const focusOutlineNear = css.raw({ _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '1px' } });

/** Text for screen readers only: laid out at one pixel, clipped away. @internal */
export const visuallyHidden = css.raw({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: '0',
});
