// A labelled input written on plain elements (label, input, error or hint text wired with
// aria-invalid and aria-describedby), for the account settings' first screen (My Profile and the
// inline edits): it loads without Ark UI, which the items loaded later bring along.
import { useId, type ReactNode } from 'react';
import { errorTextClass, fieldClass, inputClass, labelClass } from './styles';
import { focusWhenMounted } from '../focus-moves';

export interface PlainFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  hint?: string | null;
  disabled?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  type?: 'text' | 'email';
  /** Shown beside the label (e.g. an info tooltip). */
  labelAddon?: ReactNode;
}

export function PlainTextField(props: PlainFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = props.error ? errorId : props.hint ? hintId : undefined;
  const input = (
    <input
      id={id}
      className={inputClass}
      name={props.name}
      type={props.type ?? 'text'}
      value={props.value}
      disabled={props.disabled}
      autoComplete={props.autoComplete}
      autoFocus={props.autoFocus}
      ref={props.autoFocus ? focusWhenMounted : undefined}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy}
      aria-errormessage={props.error ? errorId : undefined}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
  return (
    <div className={fieldClass}>
      <span style={{ display: 'flex', alignItems: 'center', gap: '6px' }}>
        <label htmlFor={id} className={labelClass}>
          {props.label}
        </label>
        {props.labelAddon}
      </span>
      {input}
      {props.error ? (
        <span id={errorId} className={errorTextClass}>
          {props.error}
        </span>
      ) : (
        props.hint && (
          <span id={hintId} className={labelClass} aria-live="polite">
            {props.hint}
          </span>
        )
      )}
    </div>
  );
}
