// Panda CSS classes of the image crop dialog: a style module, so the build ships them as plain strings.
import { css, cx } from '../../styled-system/css';
import { focusRing } from '../components/button-recipe';

/** The crop preview's side in px; image-crop-dialog.tsx draws its canvas at the same size. */
const previewSide = 256;

export const contentClass = css({
  width: 'calc(100% - 32px)',
  maxWidth: '340px',
  margin: 'auto',
  borderWidth: '0',
  _backdrop: { bg: 'rgba(0,0,0,0.5)' },
  bg: 'surface',
  color: 'text',
  borderRadius: 'card',
  padding: '6',
  flexDirection: 'column',
  gap: '4',
  boxShadow: '0 10px 40px rgba(0,0,0,0.3)',
  fontFamily: 'body',
  '&[open]': { display: 'flex' },
});

export const cropAreaClass = cx(
  css({
    position: 'relative',
    width: `${previewSide}px`,
    maxWidth: '100%',
    aspectRatio: '1',
    alignSelf: 'center',
    touchAction: 'none',
    cursor: 'grab',
    borderRadius: 'control',
    overflow: 'hidden',
    '& canvas': { width: '100%', height: '100%', display: 'block' },

  }),
  focusRing(),
);

// Darkens what falls outside the circle that becomes the avatar.
export const maskClass = css({
  position: 'absolute',
  inset: '0',
  borderRadius: '50%',
  boxShadow: '0 0 0 200px rgba(0,0,0,0.45)',
  pointerEvents: 'none',
});

export const sliderClass = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', fontWeight: '500' });

export const rangeClass = css({ width: '100%', accentColor: 'var(--authd-colors-accent)' });
