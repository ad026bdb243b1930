// The MFA section's parts that only show on a step (set-up with its QR code, the new recovery
// codes, the codes-left line when MFA is on): loaded when one is first shown, not with the
// Security page.
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
  sectionTextClass,
  settingRowClass,
} from './settings-styles';
import { base32Of, base64Of, isCurrentTotpCode, otpauthUrl, randomTotpSecret } from './totp';
import { useRecentAuthentication } from './recent-authentication';

export const incorrectMfaCodeMessage = 'Incorrect code. Please try again.';
export const recoveryCodesFileName = 'recovery-codes.txt';

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

function MfaSetup(props: { onEnabled(recoveryCodes: string[]): void; onCancel(): void }) {
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
      const codes = await runtime.client.makeRecoveryCodes();
      await runtime.reloadUser();
      props.onEnabled(codes);
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

function recoveryCodesText(codes: string[], projectName: string, account: string): string {
  return [
    `Recovery codes for ${projectName} (${account})`,
    `Made ${new Date().toISOString().slice(0, 10)}. Each code signs in once, in place of a code from your authenticator app.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The fresh codes, shown only now: the server keeps no readable copy. */
function NewRecoveryCodes(props: { codes: string[]; onDone(): void }) {
  const user = useUser({ or: 'redirect' });
  const project = useProject();
  const text = recoveryCodesText(props.codes, project.displayName, user.primaryEmail ?? user.id);
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = recoveryCodesFileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '12px' }} data-testid="mfa-recovery-codes">
      <p className={sectionTextClass}>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They will not be
        shown again.
      </p>
      <ul
        className={secretTextClass}
        aria-label="Recovery codes"
        style={{
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8.5em, 1fr))',
          gap: '4px 16px',
        }}
      >
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={inlineButtonsClass}>
        <CopyButton text={text} label="Copy codes" className={compactSecondaryButtonClass} />
        <button type="button" className={compactSecondaryButtonClass} onClick={download}>
          Download
        </button>
        <button type="button" className={compactPrimaryButtonClass} onClick={props.onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/** While MFA is on: how many codes are left, and a new set on request (which voids the old one). */
function RecoveryCodeStatus(props: { onNewCodes(codes: string[]): void }) {
  const runtime = useAuthRuntime();
  const [remaining, setRemaining] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recent = useRecentAuthentication();
  useEffect(() => {
    let active = true;
    runtime.client.countRecoveryCodes().then(
      (count) => active && setRemaining(count),
      (failure) => active && setError(messageOf(failure)),
    );
    return () => {
      active = false;
    };
  }, [runtime]);

  async function makeNew() {
    setBusy(true);
    setError(null);
    await recent.guard(
      async () => props.onNewCodes(await runtime.client.makeRecoveryCodes()),
      (failure) => setError(messageOf(failure)),
    );
    setBusy(false);
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '8px' }} data-testid="mfa-recovery-status">
      <div className={settingRowClass}>
        <p className={remaining === 0 ? errorTextClass : sectionTextClass} style={{ margin: 0 }} data-testid="mfa-recovery-count">
          {remaining === null
            ? 'Recovery codes'
            : remaining === 0
              ? 'You have no recovery codes left. Make new ones so you can still sign in without your authenticator app.'
              : `Recovery codes: ${remaining} of 10 left.`}
        </p>
        {!confirming && (
          <button type="button" className={compactSecondaryButtonClass} onClick={() => setConfirming(true)}>
            New recovery codes
          </button>
        )}
      </div>
      {confirming && !recent.prompt && (
        <div className={inlineButtonsClass}>
          <span className={sectionTextClass}>Your current recovery codes will stop working.</span>
          <button type="button" className={compactPrimaryButtonClass} disabled={busy} onClick={() => void makeNew()}>
            Make new codes
          </button>
          <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {recent.prompt}
      {error && (
        <p className={errorTextClass} role="alert" style={{ margin: 0 }}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The step the MFA section shows below its heading. One component for the three, so that once
 * this module has loaded every later step shows at once (the new codes right after they are made).
 */
export function MfaStep(
  props:
    | { step: 'set-up'; onEnabled(recoveryCodes: string[]): void; onCancel(): void }
    | { step: 'new-codes'; codes: string[]; onDone(): void }
    | { step: 'codes-left'; onNewCodes(codes: string[]): void },
) {
  if (props.step === 'set-up') return <MfaSetup onEnabled={props.onEnabled} onCancel={props.onCancel} />;
  if (props.step === 'new-codes') return <NewRecoveryCodes codes={props.codes} onDone={props.onDone} />;
  return <RecoveryCodeStatus onNewCodes={props.onNewCodes} />;
}
