// Security › Change password: the form itself (old password, then NewPasswordFields),
// loaded when the user opens it (change-password-section.tsx).
import { useState, type FormEvent } from 'react';
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { PasswordField } from '../components/form-fields';
import { messageOf } from '../form-submit';
import { newPasswordErrors } from '../form-validation';
import { emptyNewPassword, NewPasswordFields } from '../components/new-password-fields';
import { compactPrimaryButtonClass, compactSecondaryButtonClass, inlineButtonsClass } from './settings-styles';
import { useT, useSecurityFormsT, useFormsT } from '../i18n/messages-context';

export function ChangePasswordForm(props: { onDone(): void; onCancel(): void }) {
  const t = useT();
  const formsT = useFormsT();
  const securityT = useSecurityFormsT();
  const runtime = useAuthRuntime();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState(emptyNewPassword);
  const [errors, setErrors] = useState<Record<'oldPassword' | 'password' | 'repeated', string | null>>({
    oldPassword: null,
    password: null,
    repeated: null,
  });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      oldPassword: oldPassword === '' ? securityT('password.oldRequired') : null,
      ...newPasswordErrors(newPassword, formsT),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await runtime.client.updatePassword({ oldPassword, newPassword: newPassword.password });
      props.onDone();
    } catch (error) {
      // The server's refusal of the old password belongs on the old-password field.
      if (isKnownError(error, 'PASSWORD_CONFIRMATION_MISMATCH')) setErrors({ ...found, oldPassword: securityT('password.incorrect') });
      else setErrors({ ...found, password: messageOf(error, t) });
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
      <NewPasswordFields
        labels={[securityT('password.new'), securityT('password.repeat')]}
        name="new-password"
        value={newPassword}
        onChange={setNewPassword}
        errors={errors}
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
