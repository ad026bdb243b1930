// Running one change from a page: busy while it runs, then a status line that says how it went
// (the API's message when it failed), and a reload of what the change affects.
import { useState } from 'react';
import { describeFailure } from './admin-api';
import { useConsoleT } from './console-messages';
import { errorTextClass, smallButtonClass, successTextClass } from './styles';

export type Outcome = { ok: boolean; message: string } | null;

export function OutcomeLine(props: { outcome: Outcome }) {
  return (
    <p role="status" className={props.outcome && !props.outcome.ok ? errorTextClass : successTextClass}>
      {props.outcome?.message ?? ''}
    </p>
  );
}

/** `work` answers what to say when it succeeded; `after` runs whether it did or not. */
export function useAction(after: () => void = () => {}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const t = useConsoleT();
  /** Answers whether the change worked. */
  const run = async (work: () => Promise<string | void>): Promise<boolean> => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: (await work()) ?? '' });
      return true;
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error, t) });
      return false;
    } finally {
      setBusy(false);
      after();
    }
  };
  /** Says why the change cannot start, without running anything. */
  const refuse = (message: string) => setOutcome({ ok: false, message });
  /** Why the last change failed, for a form that says nothing when it worked. */
  const failure = outcome && !outcome.ok ? outcome.message : null;
  return { busy, outcome, failure, run, refuse, setOutcome };
}

/** A small button that runs one change through `action` and is off while any of its changes run. */
export function ActionButton(props: {
  action: ReturnType<typeof useAction>;
  label?: string;
  className?: string;
  work(): Promise<string | void>;
  children: string;
}) {
  return (
    <button
      type="button"
      className={props.className ?? smallButtonClass}
      disabled={props.action.busy}
      aria-label={props.label}
      onClick={() => props.action.run(props.work)}
    >
      {props.children}
    </button>
  );
}
