// Security › Change password: a button that opens the form (old password, new password and its
// repeat, with sign-up's rules), then a success message. A wrong old password is 'Incorrect
// password' on that field.
import { useState, type FormEvent } from 'react';
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { PasswordField } from '../components/form-fields';
import { messageOf } from '../form-submit';
import { newPasswordError, repeatPasswordError } from '../form-validation';
import { useUser } from '../hooks';
import {
  compactPrimaryButtonClass,
  compactSecondaryButtonClass,
  inlineButtonsClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
  successTextClass,
} from './settings-styles';

export const incorrectPasswordMessage = 'Incorrect password';

function ChangePasswordForm(props: { onDone(): void; onCancel(): void }) {
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
      oldPassword: oldPassword === '' ? 'Please enter your old password' : null,
      newPassword: newPasswordError(newPassword),
      repeated: repeatPasswordError(newPassword, repeated),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await runtime.client.updatePassword({ oldPassword, newPassword });
      props.onDone();
    } catch (error) {
      // The server's refusal of the old password belongs on the old-password field.
      if (isKnownError(error, 'PASSWORD_CONFIRMATION_MISMATCH')) setErrors({ ...found, oldPassword: incorrectPasswordMessage });
      else setErrors({ ...found, newPassword: messageOf(error) });
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
        label="Old password"
        name="old-password"
        autoComplete="current-password"
        autoFocus
        value={oldPassword}
        onChange={setOldPassword}
        error={errors.oldPassword}
        disabled={busy}
      />
      <PasswordField
        label="New password"
        name="new-password"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
        error={errors.newPassword}
        disabled={busy}
      />
      <PasswordField
        label="Repeat new password"
        name="repeat-new-password"
        autoComplete="new-password"
        value={repeated}
        onChange={setRepeated}
        error={errors.repeated}
        disabled={busy}
      />
      <div className={inlineButtonsClass}>
        <button type="submit" className={compactPrimaryButtonClass} disabled={busy}>
          Update Password
        </button>
        <button type="button" className={compactSecondaryButtonClass} onClick={props.onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function ChangePasswordSection() {
  const user = useUser({ or: 'redirect' });
  const [state, setState] = useState<'collapsed' | 'form' | 'done'>('collapsed');
  return (
    <div className={sectionClass} data-testid="change-password-section">
      <div className={settingRowClass}>
        <div>
          <h3 className={sectionTitleClass}>Change password</h3>
          <p className={sectionTextClass}>
            {user.hasPassword ? 'Change the password you sign in with.' : 'Your account signs in without a password.'}
          </p>
        </div>
        {user.hasPassword && state !== 'form' && (
          <button type="button" className={compactSecondaryButtonClass} onClick={() => setState('form')}>
            Change password
          </button>
        )}
      </div>
      {state === 'form' && <ChangePasswordForm onDone={() => setState('done')} onCancel={() => setState('collapsed')} />}
      {state === 'done' && (
        <p className={successTextClass} role="status">
          Your password has been changed.
        </p>
      )}
    </div>
  );
}
