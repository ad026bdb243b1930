// Security › Change password: the form itself (old password, new password and its repeat),
// loaded when the user opens it (change-password-section.tsx).
import { useState, type FormEvent } from 'react';
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { PasswordField } from '../components/form-fields';
import { messageOf } from '../form-submit';
import { newPasswordError, repeatPasswordError } from '../form-validation';
import { compactPrimaryButtonClass, compactSecondaryButtonClass, inlineButtonsClass } from './settings-styles';
import { useT } from '../i18n/messages-context';
import { useSecurityFormsT, useFormsT } from '../i18n/lazy-messages';

export function ChangePasswordForm(props: { onDone(): void; onCancel(): void }) {
  const t = useT();
  const formsT = useFormsT();
  const securityT = useSecurityFormsT();
  const runtime = useAuthRuntime();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<Record<'oldPassword' | 'newPassword' | 'repeated', string | null>>({
    oldPassword: null,
    newPassword: null,
    repeated: null,
  });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      oldPassword: oldPassword === '' ? securityT('password.oldRequired') : null,
      newPassword: newPasswordError(newPassword, formsT),
      repeated: repeatPasswordError(newPassword, repeated, formsT),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await runtime.client.updatePassword({ oldPassword, newPassword });
      props.onDone();
    } catch (error) {
      // The server's refusal of the old password belongs on the old-password field.
      if (isKnownError(error, 'PASSWORD_CONFIRMATION_MISMATCH')) setErrors({ ...found, oldPassword: securityT('password.incorrect') });
      else setErrors({ ...found, newPassword: messageOf(error, t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}
      data-testid="change-password-form"
    >
      <PasswordField
        label={securityT('password.old')}
        name="old-password"
        autoComplete="current-password"
        autoFocus
        value={oldPassword}
        onChange={setOldPassword}
        error={errors.oldPassword}
        disabled={busy}
      />
      <PasswordField
        label={securityT('password.new')}
        name="new-password"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
        error={errors.newPassword}
        disabled={busy}
      />
      <PasswordField
        label={securityT('password.repeat')}
        name="repeat-new-password"
        autoComplete="new-password"
        value={repeated}
        onChange={setRepeated}
        error={errors.repeated}
        disabled={busy}
      />
      <div className={inlineButtonsClass}>
        <button type="submit" className={compactPrimaryButtonClass} disabled={busy}>
          {securityT('password.submit')}
        </button>
        <button type="button" className={compactSecondaryButtonClass} onClick={props.onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
