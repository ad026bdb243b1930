// A text input that reports its value only once typing has paused for 500 ms, for fields that save as they change, so a save is not sent per keystroke.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PlainTextField } from './plain-fields';

export const textInputDelayMillis = 500;

/** `value` once it has stayed the same for `delayMillis`. */
export function useDelayedValue<T>(value: T, delayMillis = textInputDelayMillis): T {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDelayed(value), delayMillis);
    return () => clearTimeout(timer);
  }, [value, delayMillis]);
  return delayed;
}

export function DelayedTextField(props: {
  label: string;
  name: string;
  /** The value the field starts from (and returns to when it changes from outside). */
  initialValue: string;
  /** Called with the value 500 ms after the last keystroke, when it differs from the last one reported. */
  onDelayedChange(value: string): void;
  hint?: string | null;
  error?: string | null;
  labelAddon?: ReactNode;
}) {
  const [value, setValue] = useState(props.initialValue);
  const delayed = useDelayedValue(value);
  const lastReported = useRef(props.initialValue);
  const report = useRef(props.onDelayedChange);
  report.current = props.onDelayedChange;
  useEffect(() => {
    if (delayed === lastReported.current) return;
    lastReported.current = delayed;
    report.current(delayed);
  }, [delayed]);
  return (
    <PlainTextField
      label={props.label}
      name={props.name}
      value={value}
      onChange={setValue}
      hint={props.hint}
      error={props.error}
      labelAddon={props.labelAddon}
    />
  );
}
