// Placeholders shown while data loads: a grey
// pulsing block of the content's size, announced to assistive technology as busy.
import { useT } from '../i18n/messages-context';
import type { ReactNode } from 'react';
import { skeletonClass } from './skeleton-styles';

/** Shows `children` when `loaded`, else a block of `width` × `height` in its place. */
export function Skeleton(props: { loaded: boolean; width?: string; height?: string; children?: ReactNode; label?: string }) {
  const t = useT();
  if (props.loaded) return <>{props.children}</>;
  return (
    <span
      className={skeletonClass}
      role="status"
      aria-busy="true"
      aria-label={props.label ?? t('loading')}
      data-testid="skeleton"
      style={{ width: props.width ?? '100%', height: props.height ?? '20px' }}
    />
  );
}
