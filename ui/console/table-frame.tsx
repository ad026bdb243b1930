// The frame a wide table scrolls sideways in on a narrow screen: a named region that takes
// focus, so a keyboard can scroll it too.
import type { ReactNode } from 'react';
import { tableWrapClass } from './styles';

export function TableFrame(props: { label: string; children: ReactNode }) {
  return (
    <div className={tableWrapClass} role="region" aria-label={props.label} tabIndex={0}>
      {props.children}
    </div>
  );
}
