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
import { useT, useSecurityFormsT } from '../i18n/messages-context';
import type { Translator } from '../i18n/translator';
import type { SecurityFormsKey } from '../../../server/protocol/messages/security-forms/security-forms-en';
import { SectionError } from './section-error';

export const recoveryCodesFileName = 'recovery-codes.txt';

function QrCode(props: { text: string; label: string }) {
  const label = props.label;
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
      aria-label={label}
      data-testid="mfa-qr-code"
      // A white square with a quiet zone in both themes, as scanners expect.
      style={{ width: 176, height: 176, background: '#fff', padding: 4, borderRadius: 6, boxSizing: 'border-box' }}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

function MfaSetup(props: { onEnabled(recoveryCodes: string[]): void; onCancel(): void }) {
  const runtime = useAuthRuntime();
  const t = useSecurityFormsT();
  const screensT = useT();
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
        setError(t('mfa.incorrectCode'));
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
        {t('mfa.scan')}
      </p>
      <QrCode text={otpauthUrl(secret, project.displayName, user.primaryEmail ?? user.id)} label={t('mfa.qrCode')} />
      <div style={{ display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' }}>
        <code className={secretTextClass} data-testid="mfa-secret" aria-label={t('mfa.secret')}>
          {secretText}
        </code>
        <CopyButton text={secretText} label={t('mfa.copySecret')} className={compactSecondaryButtonClass} />
      </div>
      <div style={{ maxWidth: '240px' }}>
        <OneTimeCodeInput
          label={t('mfa.code')}
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
          {t('mfa.verify')}
        </button>
        <button type="button" className={compactSecondaryButtonClass} onClick={props.onCancel} disabled={busy}>
          {screensT('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function recoveryCodesText(codes: string[], projectName: string, account: string, t: Translator<SecurityFormsKey>): string {
  return [
    t('recovery.fileTitle', { project: projectName, account }),
    t('recovery.fileText', { date: new Intl.DateTimeFormat(t.locale, { dateStyle: 'long' }).format(new Date()) }),
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The fresh codes, shown only now: the server keeps no readable copy. */
function NewRecoveryCodes(props: { codes: string[]; onDone(): void }) {
  const t = useSecurityFormsT();
  const user = useUser({ or: 'redirect' });
  const project = useProject();
  const text = recoveryCodesText(props.codes, project.displayName, user.primaryEmail ?? user.id, t);
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
        {t('recovery.save')}
      </p>
      <ul
        className={secretTextClass}
        aria-label={t('recovery.list')}
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
        <CopyButton text={text} label={t('recovery.copy')} className={compactSecondaryButtonClass} />
        <button type="button" className={compactSecondaryButtonClass} onClick={download}>
          {t('recovery.download')}
        </button>
        <button type="button" className={compactPrimaryButtonClass} onClick={props.onDone}>
          {t('recovery.saved')}
        </button>
      </div>
    </div>
  );
}

/** While MFA is on: how many codes are left, and a new set on request (which voids the old one). */
function RecoveryCodeStatus(props: { onNewCodes(codes: string[]): void }) {
  const runtime = useAuthRuntime();
  const t = useSecurityFormsT();
  const screensT = useT();
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
            ? t('recovery.heading')
            : remaining === 0
              ? t('recovery.noneLeft')
              : t('recovery.left', { count: remaining, total: 10 })}
        </p>
        {!confirming && (
          <button type="button" className={compactSecondaryButtonClass} onClick={() => setConfirming(true)}>
            {t('recovery.new')}
          </button>
        )}
      </div>
      {confirming && !recent.prompt && (
        <div className={inlineButtonsClass}>
          <span className={sectionTextClass}>{t('recovery.newWarning')}</span>
          <button type="button" className={compactPrimaryButtonClass} disabled={busy} onClick={() => void makeNew()}>
            {t('recovery.make')}
          </button>
          <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => setConfirming(false)}>
            {screensT('common.cancel')}
          </button>
        </div>
      )}
      {recent.prompt}
      <SectionError message={error} />
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
