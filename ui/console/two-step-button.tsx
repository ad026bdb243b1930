// A button for what cannot be undone but is too small for a typed confirmation (revoking a key
// set, removing an endpoint): the first press arms it, the second does it, Keep disarms it.
import { useState } from 'react';
import { formRowClass, smallButtonClass, smallDangerButtonClass } from './styles';
import { useConsoleT } from './console-messages';

/** `action` is the first press's words ("Revoke"), `confirm` the second's ("Revoke for good"). */
export function TwoStepButton(props: { action: string; confirm: string; label?: string; onConfirm(): Promise<void> }) {
  const t = useConsoleT();
  const [armed, setArmed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!armed) {
    return (
      <button type="button" className={smallButtonClass} aria-label={props.label} onClick={() => setArmed(true)}>
        {props.action}
      </button>
    );
  }
  return (
    <span className={formRowClass}>
      <button
        type="button"
        className={smallDangerButtonClass}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await props.onConfirm();
          setBusy(false);
          setArmed(false);
        }}
      >
        {props.confirm}
      </button>
      <button type="button" className={smallButtonClass} onClick={() => setArmed(false)}>
        {t('twoStep.keep')}
      </button>
    </span>
  );
}
