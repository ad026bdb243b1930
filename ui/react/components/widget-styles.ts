// Panda classes of the dropdown widgets (user button, team switcher): their trigger buttons and
// the floating list both share, so the two menus look alike.
import { css, cx } from '../../styled-system/css';
import { focusRing } from './button-recipe';
import { ellipsis, lineBorder, ruleAbove, visuallyHidden } from './style-parts';

/** The themed root a widget sits in, inline in the host's layout (no page padding or centring). */
export const widgetRootClass = css({ display: 'inline-block', position: 'relative', fontFamily: 'body', color: 'text' });

export const avatarTriggerClass = cx(
  css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    padding: '1',
    bg: 'transparent',
    color: 'text',
    border: 'none',
    borderRadius: 'control',
    cursor: 'pointer',
    textAlign: 'start',
    fontSize: 'md',
    _hover: { bg: 'subtle' },

  }),
  focusRing(),
);

export const selectTriggerClass = cx(
  css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    width: '240px',
    maxWidth: '100%',
    minHeight: '40px',
    paddingX: '3',
    paddingY: '1',
    bg: 'field',
    color: 'text',
    ...lineBorder,
    borderRadius: 'control',
    fontSize: 'md',
    cursor: 'pointer',
    '&[data-placeholder-shown]': { color: 'muted' },

  }),
  focusRing(),
);

export const triggerTextClass = css({ display: 'flex', flexDirection: 'column', minWidth: '0', lineHeight: '1.3' });
export const ellipsisClass = css({ ...ellipsis });
export const secondaryLineClass = css({ color: 'muted', fontSize: 'sm' });

export const dropdownContentClass = css({
  zIndex: '50',
  minWidth: '240px',
  maxWidth: 'calc(100vw - 16px)',
  bg: 'surface',
  color: 'text',
  ...lineBorder,
  borderRadius: 'control',
  boxShadow: '0 8px 24px rgba(0,0,0,0.16)',
  padding: '1',
  fontSize: 'md',
  outline: 'none',
  _hidden: { display: 'none' },
});

export const dropdownItemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minHeight: '36px',
  paddingX: '2',
  borderRadius: 'control',
  cursor: 'pointer',
  userSelect: 'none',
  _highlighted: { bg: 'subtle' },
  '& svg': { flexShrink: '0', color: 'muted' },
});

export const dropdownLabelClass = css({
  paddingX: '2',
  paddingY: '1',
  color: 'muted',
  fontSize: 'sm',
  fontWeight: '500',
});

export const dropdownSeparatorClass = css({ height: '1px', bg: 'line', marginY: '1', border: 'none' });

export const visuallyHiddenClass = css({ ...visuallyHidden });

export const menuNameClass = css({ display: 'block', color: 'text', fontWeight: '600' });
export const menuEmailClass = css({ display: 'block', fontWeight: '400' });
/** A group after another in a list: a line above it (a separator element is not allowed inside a listbox). */
export const groupDividerClass = css({
  ...ruleAbove,
  marginTop: '1',
  paddingTop: '1',
});
export const iconSlotClass = css({ display: 'inline-block', width: '16px', height: '16px', flexShrink: '0' });
