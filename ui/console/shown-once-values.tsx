// What the API shows only once (a new key set's keys, a new OIDC client's secret), each with a
// copy button, until the admin says they have kept them.
import { CopyButton } from './copy-button';
import { Section } from './section';
import { columnFieldClass, formRowClass, labelClass, secretBoxClass, smallButtonClass, textClass } from './styles';

export interface ShownValue {
  label: string;
  /** The copy button's label. */
  copy: string;
  value: string;
  testId: string;
}

export function ShownOnceValues(props: { id: string; testId: string; title: string; text: string; values: readonly ShownValue[]; done: string; onDone(): void }) {
  return (
    <Section id={props.id} title={props.title} testId={props.testId}>
      <p className={textClass}>{props.text}</p>
      {props.values.map((shown) => (
        <div key={shown.testId} className={columnFieldClass}>
          <span className={labelClass}>{shown.label}</span>
          <div className={formRowClass}>
            <code className={secretBoxClass} data-testid={shown.testId}>
              {shown.value}
            </code>
            <CopyButton value={shown.value} label={shown.copy} />
          </div>
        </div>
      ))}
      <div>
        <button type="button" className={smallButtonClass} onClick={props.onDone}>
          {props.done}
        </button>
      </div>
    </Section>
  );
}
