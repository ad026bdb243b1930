// An editor for one JSON value (a user's metadata): the text is checked as it is typed, the
// parser's message is shown beside the field, and Save is offered only for valid JSON that
// differs from what is stored.
import { useId, useState } from 'react';
import { describeFailure } from './admin-api';
import { useConsoleT, type ConsoleT } from './console-messages';
import { columnFieldClass, errorTextClass, formRowClass, labelClass, mutedClass, smallButtonClass, successTextClass, textareaClass } from './styles';

function formatted(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}

/** The parsed value, or the reason the text is not JSON. */
export function parseJsonText(text: string, t: ConsoleT): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : t('json.invalid') };
  }
}

/** `saveLabel` is the button's words ("Save client metadata"). */
export function JsonEditor(props: { label: string; saveLabel: string; hint: string; value: unknown; onSave(value: unknown): Promise<void>; testId: string }) {
  const id = useId();
  const t = useConsoleT();
  const [text, setText] = useState(() => formatted(props.value));
  const [saved, setSaved] = useState(() => formatted(props.value));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const parsed = parseJsonText(text, t);
  const changed = parsed.ok && formatted(parsed.value) !== saved;

  const save = async () => {
    if (!parsed.ok || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      await props.onSave(parsed.value);
      setSaved(formatted(parsed.value));
      setText(formatted(parsed.value));
      setOutcome({ ok: true, message: t('json.saved') });
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={columnFieldClass} data-testid={props.testId}>
      <label className={labelClass} htmlFor={id}>
        {props.label}
      </label>
      <p className={mutedClass} id={`${id}-hint`}>
        {props.hint}
      </p>
      <textarea
        id={id}
        className={textareaClass}
        value={text}
        spellCheck={false}
        rows={Math.min(12, Math.max(3, text.split('\n').length))}
        aria-invalid={!parsed.ok}
        aria-describedby={`${id}-hint ${id}-status`}
        onChange={(event) => {
          setText(event.target.value);
          setOutcome(null);
        }}
      />
      <div className={formRowClass}>
        <button type="button" className={smallButtonClass} disabled={!changed || busy} onClick={save}>
          {busy ? t('json.saving') : props.saveLabel}
        </button>
        <p id={`${id}-status`} role="status" className={!parsed.ok || (outcome && !outcome.ok) ? errorTextClass : successTextClass}>
          {!parsed.ok ? t('json.notValid', { reason: parsed.message }) : (outcome?.message ?? '')}
        </p>
      </div>
    </div>
  );
}
