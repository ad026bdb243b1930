// Panda CSS classes of the account settings: the sidebar layout (200 px sidebar on wide screens,
// list-or-item on narrow ones), its sections and rows. The card, field and button classes of the
// sign-in screens (components/styles.ts) are reused inside.
import { css, cx } from '../../styled-system/css';
import { button, focusRing } from '../components/button-recipe';
import { cardSurface, centredFlex, ellipsis, lineBorder, ruleAbove } from '../components/style-parts';

/** Where the layout switches from list-or-item to sidebar-beside-item. */
const wide = '@media (min-width: 720px)';

export const settingsPageClass = css({
  width: '100%',
  maxWidth: '1040px',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  fontSize: 'md',
  lineHeight: '1.5',
});

export const settingsTitleClass = css({ fontSize: 'xl', fontWeight: '600', margin: '0' });

export const settingsBodyClass = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '6',
  [wide]: { gridTemplateColumns: '200px minmax(0, 1fr)' },
});

/** On narrow screens the sidebar shows only at the base path, the item only below it. */
export const sidebarClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  '[data-at-base=false] &': { display: 'none' },
  [wide]: { '[data-at-base=false] &': { display: 'flex' } },
});

export const contentClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  minWidth: '0',
  '[data-at-base=true] &': { display: 'none' },
  [wide]: { '[data-at-base=true] &': { display: 'flex' } },
});

export const sidebarItemClass = cx(
  css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    width: '100%',
    minHeight: '40px',
    paddingX: '3',
    borderRadius: 'control',
    color: 'text',
    textDecoration: 'none',
    fontSize: 'md',
    _hover: { bg: 'subtle' },
    '&[aria-current=page]': { bg: 'subtle', fontWeight: '600' },
    [wide]: { minHeight: '34px' },

  }),
  focusRing({ offset: 'near' }),
);

// A long team name ends in an ellipsis rather than wrapping the list.
export const sidebarItemTextClass = css({ minWidth: '0', ...ellipsis });

export const sidebarLabelClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  marginTop: '3',
  paddingX: '3',
  color: 'muted',
  fontSize: 'sm',
  fontWeight: '600',
  _after: { content: '""', flex: '1', height: '1px', bg: 'line' },
});

export const itemHeaderClass = css({ display: 'flex', alignItems: 'flex-start', gap: '2' });
export const itemTitleClass = css({ fontSize: 'lg', fontWeight: '600', margin: '0' });
export const itemDescriptionClass = css({ color: 'muted', fontSize: 'sm', margin: '0' });

/** The close button of an item: only on narrow screens, where it leads back to the list. */
export const closeButtonClass = css({
  marginInlineStart: 'auto',
  width: '36px',
  height: '36px',
  ...centredFlex,
  flexShrink: '0',
  bg: 'transparent',
  color: 'text',
  border: 'none',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
  [wide]: { display: 'none' },
});

/** One block of an item (e.g. "Change password"): a bordered panel. */
export const sectionClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  padding: '4',
  ...cardSurface,
});
export const sectionTitleClass = css({ fontSize: 'md', fontWeight: '600', margin: '0' });
export const sectionTextClass = css({ color: 'muted', fontSize: 'sm', margin: '0' });

/** A row of buttons that keeps its buttons at their natural width. */
export const inlineButtonsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });

export const compactPrimaryButtonClass = cx(button({ size: 'compact', tone: 'primary' }), focusRing());
export const compactSecondaryButtonClass = cx(button({ size: 'compact', tone: 'secondary' }), focusRing());
export const dangerButtonClass = cx(button({ size: 'compact', tone: 'danger' }), focusRing());

/** A label and its value side by side on wide screens, stacked on narrow ones. */
export const settingRowClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  [wide]: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
});

export const statusTextClass = css({ fontSize: 'sm', fontWeight: '500' });
export const successTextClass = css({ color: 'success', fontSize: 'sm', margin: '0' });

export const avatarButtonClass = cx(
  css({
    padding: '0',
    border: 'none',
    bg: 'transparent',
    borderRadius: '50%',
    cursor: 'pointer',
    width: 'fit-content',

  }),
  focusRing(),
);

export const avatarClass = css({
  ...centredFlex,
  borderRadius: '50%',
  overflow: 'hidden',
  bg: 'subtle',
  color: 'text',
  fontWeight: '600',
  flexShrink: '0',
  ...lineBorder,
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
});

export const tableClass = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'md',
  '& th': { textAlign: 'start', color: 'muted', fontSize: 'sm', fontWeight: '500', paddingY: '2', paddingX: '2' },
  '& td': { paddingY: '2', paddingX: '2', ...ruleAbove },
});

export const secretTextClass = css({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 'sm',
  wordBreak: 'break-all',
  padding: '2',
  bg: 'subtle',
  borderRadius: 'control',
  margin: '0',
});
