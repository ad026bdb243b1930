// The form that confirms it is you (recent-authentication.tsx shows it): loaded the first time
// the server asks for a recent sign-in, not with the Security page.
import { useState, type FormEvent } from 'react';
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { PasswordField, TextField } from '../components/form-fields';
import { messageOf } from '../form-submit';
import { useUser } from '../hooks';
import {
  compactPrimaryButtonClass,
  compactSecondaryButtonClass,
  inlineButtonsClass,
  sectionTextClass,
  sectionTitleClass,
} from './settings-styles';
import { useT, useSecurityFormsT } from '../i18n/messages-context';
import { SectionError } from './section-error';

type Proof = { password: string } | { totp: string } | { passkey: true };

export function ReauthenticationPrompt(props: { onConfirmed(): Promise<void>; onCancel(): void }) {
  const runtime = useAuthRuntime();
  const t = useSecurityFormsT();
  const screensT = useT();
  const user = useUser({ or: 'redirect' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passkey = user.passkeyAuthEnabled && runtime.client.passkeysSupported();

  async function confirm(proof: Proof, event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await runtime.client.reauthenticate(proof);
    } catch (failure) {
      setBusy(false);
      setError(
        isKnownError(failure, 'PASSWORD_CONFIRMATION_MISMATCH')
          ? t('password.incorrect')
          : isKnownError(failure, 'INVALID_TOTP_CODE')
            ? t('mfa.incorrectCode')
            : messageOf(failure),
      );
      return;
    }
    await props.onConfirmed();
  }

  const formStyle = { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' } as const;
  return (
    <div
      role="group"
      aria-labelledby="reauth-title"
      data-testid="reauthentication"
      style={{ display: 'flex', flexDirection: 'column', gap: '8px' }}
    >
      <h4 id="reauth-title" className={sectionTitleClass}>
        {t('reauth.title')}
      </h4>
      <p className={sectionTextClass}>{t('reauth.text')}</p>
      {user.hasPassword && (
        <form noValidate style={formStyle} onSubmit={(event) => void confirm({ password }, event)}>
          <PasswordField
            label={t('reauth.password')}
            name="reauth-password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            autoFocus
            disabled={busy}
          />
          <button type="submit" className={compactPrimaryButtonClass} disabled={busy || password === ''}>
            {t('reauth.confirm')}
          </button>
        </form>
      )}
      {user.requiresTotpMfa && (
        <form noValidate style={formStyle} onSubmit={(event) => void confirm({ totp: code.trim() }, event)}>
          <TextField
            label={t('reauth.code')}
            name="reauth-code"
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            autoFocus={!user.hasPassword}
            disabled={busy}
          />
          <button type="submit" className={compactPrimaryButtonClass} disabled={busy || code.trim() === ''}>
            {t('reauth.confirmCode')}
          </button>
        </form>
      )}
      <div className={inlineButtonsClass}>
        {passkey && (
          <button
            type="button"
            className={compactSecondaryButtonClass}
            disabled={busy}
            onClick={() => void confirm({ passkey: true })}
          >
            {t('reauth.passkey')}
          </button>
        )}
        {!user.hasPassword && !user.requiresTotpMfa && !passkey && (
          // Signed out, the settings send the user to sign-in and back here; a new sign-in counts.
          <button
            type="button"
            className={compactPrimaryButtonClass}
            disabled={busy}
            onClick={() => void runtime.client.signOut()}
          >
            {t('reauth.signInAgain')}
          </button>
        )}
        <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={props.onCancel}>
          {screensT('common.cancel')}
        </button>
      </div>
      <SectionError message={error} />
    </div>
  );
}
