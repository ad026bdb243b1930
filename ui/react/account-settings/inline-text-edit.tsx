// A value shown as text with an Edit button that turns into a field with Save and Cancel
// (display names). Escape cancels; a failed save keeps the field open with its message.
import { useState, type FormEvent } from 'react';
import { useFocusBackWhenClosed } from '../focus-moves';
import { PlainTextField } from '../components/plain-fields';
import { messageOf } from '../form-submit';
import {
  compactPrimaryButtonClass,
  compactSecondaryButtonClass,
  inlineButtonsClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
} from './settings-styles';

export function InlineTextEdit(props: {
  label: string;
  description?: string;
  value: string;
  emptyText?: string;
  /** A message stops the save. */
  validate?(value: string): string | null;
  onSave(value: string): Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(props.value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = props.label.toLowerCase().replace(/\W+/g, '-');
  // Saved, cancelled or Escape: focus returns to the Edit button instead of falling to the page.
  const editButton = useFocusBackWhenClosed<HTMLButtonElement>(editing);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = props.validate?.(draft) ?? null;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await props.onSave(draft);
      setEditing(false);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  if (!editing) {
    return (
      <div className={settingRowClass}>
        <div>
          <h3 className={sectionTitleClass}>{props.label}</h3>
          {props.description && <p className={sectionTextClass}>{props.description}</p>}
          <p style={{ margin: '4px 0 0' }} data-testid={`${name}-value`}>
            {props.value || <span className={sectionTextClass}>{props.emptyText ?? ''}</span>}
          </p>
        </div>
        <button
          ref={editButton}
          type="button"
          className={compactSecondaryButtonClass}
          aria-label={`Edit ${props.label.toLowerCase()}`}
          onClick={() => {
            setDraft(props.value);
            setError(null);
            setEditing(true);
          }}
        >
          Edit
        </button>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setEditing(false);
      }}
      style={{ display: 'flex', flexDirection: 'column', gap: '8px' }}
    >
      <PlainTextField label={props.label} name={name} value={draft} onChange={setDraft} error={error} autoFocus disabled={busy} />
      <div className={inlineButtonsClass}>
        <button type="submit" className={compactPrimaryButtonClass} disabled={busy}>
          Save
        </button>
        <button type="button" className={compactSecondaryButtonClass} onClick={() => setEditing(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
