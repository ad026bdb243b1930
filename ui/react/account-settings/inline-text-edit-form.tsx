// The field with Save and Cancel that InlineTextEdit turns into when Edit is pressed: loaded then,
// not with the page. Escape cancels; a failed save keeps the field open with its message.
import { useState, type FormEvent } from 'react';
import { PlainTextField } from '../components/plain-fields';
import { messageOf } from '../form-submit';
import { compactPrimaryButtonClass, compactSecondaryButtonClass, inlineButtonsClass } from './settings-styles';
import { useSettingsT } from '../i18n/messages-context';

export function InlineTextEditForm(props: {
  label: string;
  name: string;
  value: string;
  /** A message stops the save. */
  validate?(value: string): string | null;
  onSave(value: string): Promise<void>;
  onClose(): void;
}) {
  const t = useSettingsT();
  const [draft, setDraft] = useState(props.value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = props.validate?.(draft) ?? null;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await props.onSave(draft);
      props.onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onClose();
      }}
      style={{ display: 'flex', flexDirection: 'column', gap: '8px' }}
    >
      <PlainTextField
        label={props.label}
        name={props.name}
        value={draft}
        onChange={setDraft}
        error={error}
        autoFocus
        disabled={busy}
      />
      <div className={inlineButtonsClass}>
        <button type="submit" className={compactPrimaryButtonClass} disabled={busy}>
          {t('settings.save')}
        </button>
        <button type="button" className={compactSecondaryButtonClass} onClick={props.onClose} disabled={busy}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}
