// Security › Multi-factor Authentication: disabled → enabling (a random 20-byte secret,
// its QR code and the secret as text to copy) → enabled once a correct six-digit code is typed;
// Cancel returns to disabled, Disable clears the secret. The QR encoder loads only when needed.
import { useEffect, useState, type FormEvent } from 'react';
import { useAuthRuntime } from '../auth-context';
import { CopyButton } from '../components/copy-button';
import { OneTimeCodeInput } from '../components/one-time-code-input';
import { errorTextClass } from '../components/styles';
import { messageOf } from '../form-submit';
import { useProject, useUser } from '../hooks';
import {
  compactPrimaryButtonClass,
  compactSecondaryButtonClass,
  inlineButtonsClass,
  secretTextClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
} from './settings-styles';
import { base32Of, base64Of, isCurrentTotpCode, otpauthUrl, randomTotpSecret } from './totp';

export const incorrectMfaCodeMessage = 'Incorrect code. Please try again.';

function QrCode(props: { text: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void import('qrcode').then((qrcode) =>
      qrcode.toString(props.text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((made) => active && setSvg(made)),
    );
    return () => {
      active = false;
    };
  }, [props.text]);
  return (
    <div
      role="img"
      aria-label="QR code for your authenticator app"
      data-testid="mfa-qr-code"
      // A white square with a quiet zone in both themes, as scanners expect.
      style={{ width: 176, height: 176, background: '#fff', padding: 4, borderRadius: 6, boxSizing: 'border-box' }}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

function MfaSetup(props: { onEnabled(): void; onCancel(): void }) {
  const runtime = useAuthRuntime();
  const user = useUser({ or: 'redirect' });
  const project = useProject();
  const [secret] = useState(randomTotpSecret);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secretText = base32Of(secret);

  async function verify(code: string) {
    setBusy(true);
    setError(null);
    try {
      if (!/^\d{6}$/.test(code) || !(await isCurrentTotpCode(secret, code))) {
        setError(incorrectMfaCodeMessage);
        return;
      }
      await runtime.client.updateCurrentUser({ totpSecretBase64: base64Of(secret) });
      await runtime.reloadUser();
      props.onEnabled();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void verify(code);
      }}
      style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}
      data-testid="mfa-setup"
    >
      <p className={sectionTextClass}>
        Scan this QR code with your authenticator app, or enter the secret below by hand. Then type the six-digit code it shows.
      </p>
      <QrCode text={otpauthUrl(secret, project.displayName, user.primaryEmail ?? user.id)} />
      <div style={{ display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' }}>
        <code className={secretTextClass} data-testid="mfa-secret" aria-label="Secret">
          {secretText}
        </code>
        <CopyButton text={secretText} label="Copy secret" className={compactSecondaryButtonClass} />
      </div>
      <div style={{ maxWidth: '240px' }}>
        <OneTimeCodeInput
          label="Code"
          name="mfa-code"
          value={code}
          onChange={setCode}
          // A full code is checked at once; Verify does the same by hand.
          onComplete={(full) => void verify(full)}
          error={error}
          disabled={busy}
        />
      </div>
      <div className={inlineButtonsClass}>
        <button type="submit" className={compactPrimaryButtonClass} disabled={busy}>
          Verify
        </button>
        <button type="button" className={compactSecondaryButtonClass} onClick={props.onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function MfaSection() {
  const runtime = useAuthRuntime();
  const user = useUser({ or: 'redirect' });
  const [enabling, setEnabling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = user.requiresTotpMfa;

  async function disable() {
    setBusy(true);
    setError(null);
    try {
      await runtime.client.updateCurrentUser({ totpSecretBase64: null });
      await runtime.reloadUser();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={sectionClass} data-testid="mfa-section">
      <div className={settingRowClass}>
        <div>
          <h3 className={sectionTitleClass}>Multi-factor Authentication</h3>
          <p className={sectionTextClass} data-testid="mfa-status">
            {enabled
              ? 'Multi-factor authentication is currently enabled.'
              : 'Multi-factor authentication is currently disabled.'}
          </p>
        </div>
        {enabled ? (
          <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => void disable()}>
            Disable MFA
          </button>
        ) : (
          !enabling && (
            <button type="button" className={compactSecondaryButtonClass} onClick={() => setEnabling(true)}>
              Enable MFA
            </button>
          )
        )}
      </div>
      {!enabled && enabling && <MfaSetup onEnabled={() => setEnabling(false)} onCancel={() => setEnabling(false)} />}
      {error && (
        <p className={errorTextClass} role="alert" style={{ margin: 0 }}>
          {error}
        </p>
      )}
    </div>
  );
}
