// A titled panel of a console page: a section named by its heading, with room beside the
// heading for the section's own buttons.
import type { ReactNode } from 'react';
import { panelClass, sectionTitleClass, titleRowClass } from './styles';

export function Section(props: { id: string; title: ReactNode; actions?: ReactNode; testId?: string; children: ReactNode }) {
  const heading = (
    <h2 id={props.id} className={sectionTitleClass}>
      {props.title}
    </h2>
  );
  return (
    <section className={panelClass} aria-labelledby={props.id} data-testid={props.testId}>
      {props.actions ? (
        <div className={titleRowClass}>
          {heading}
          {props.actions}
        </div>
      ) : (
        heading
      )}
      {props.children}
    </section>
  );
}
