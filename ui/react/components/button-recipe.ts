// The Panda recipes of the screens' buttons and of the keyboard focus ring, written once. Only
// style modules (`*-styles.ts`) import this: the build evaluates those and ships their class
// names as plain strings (scripts/build-ui.ts), so neither these objects nor Panda's `cva`
// runtime reach a page. Atomic classes, so the stylesheet holds each declaration once however
// many buttons use it.
import { cva } from '../../styled-system/css';

// Written-out types: the published @authd/react's declarations cannot name Panda's generated
// recipe types (they are not shipped), and callers only ever call these for a class name.
type FocusRingVariants = { offset?: 'on' | 'near' | 'apart' };
type ButtonVariants = { size?: 'full' | 'compact'; tone?: 'primary' | 'secondary' | 'danger' };

/**
 * 2 px of the accent colour around a control the keyboard is on: `apart` (2 px off its edge,
 * buttons and the crop area), `near` (1 px, the sidebar's items) or `on` its edge (small icon
 * buttons inside a field or a line of text).
 */
export const focusRing: (variants?: FocusRingVariants) => string = cva({
  base: { _focusVisible: { outline: '2px solid', outlineColor: 'accent' } },
  variants: {
    offset: {
      on: {},
      near: { _focusVisible: { outlineOffset: '1px' } },
      apart: { _focusVisible: { outlineOffset: '2px' } },
    },
  },
  defaultVariants: { offset: 'apart' },
});

/**
 * A button: `full` width at 40 px (a sign-in card's) or `compact`, its text's width at 36 px
 * (account settings; those add the focus ring); `primary` (the accent colour), `secondary`
 * (outlined) or `danger`. What all buttons share comes after the size and tone, so the class
 * names stand in the order the screens' bundles have always had (it compresses best there).
 */
export const button: (variants?: ButtonVariants) => string = cva({
  variants: {
    size: { full: { height: '40px', width: '100%' }, compact: { height: '36px', paddingX: '4' } },
    tone: {
      primary: { bg: 'accent', color: 'onAccent', border: 'none' },
      // A full-width outlined button sits on the card; a compact one on a section, hovered.
      secondary: { bg: 'transparent', color: 'text', borderWidth: '1px', borderStyle: 'solid', borderColor: 'line' },
      danger: { bg: 'danger', color: 'white', border: 'none' },
    },
  },
  defaultVariants: { size: 'full', tone: 'primary' },
  compoundVariants: [
    { size: ['full', 'compact'], css: { borderRadius: 'control', fontSize: 'md', fontWeight: '500', cursor: 'pointer' } },
    { size: 'compact', css: { whiteSpace: 'nowrap', _disabled: { opacity: '0.6', cursor: 'default' } } },
    { size: 'full', tone: 'primary', css: { _disabled: { opacity: '0.6', cursor: 'default' } } },
    { size: 'compact', tone: 'secondary', css: { bg: 'surface', _hover: { bg: 'subtle' } } },
  ],
});
