// Security › Multi-factor Authentication: disabled → enabling (a random 20-byte secret,
// its QR code and the secret as text to copy) → enabled once a correct six-digit code is typed,
// which also makes ten recovery codes, shown once (copy, or download as a text file);
// Cancel returns to disabled, Disable (once confirmed) clears the secret and the codes. While
// enabled, the section counts the codes left and makes a new set on request. Turning MFA off and
// replacing codes may first ask the user to confirm it is them (recent-authentication.tsx). The set-up,
// the codes and the QR encoder load only when shown (mfa-setup.tsx).
import { lazy, Suspense, useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { useUser } from '../hooks';
import {
  compactPrimaryButtonClass,
  compactSecondaryButtonClass,
  inlineButtonsClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
} from './settings-styles';
import { useRecentAuthentication } from './recent-authentication';
import { useT, useSecurityT } from '../i18n/messages-context';
import { SectionError } from './section-error';

const MfaStep = lazy(() => import('./mfa-setup').then((m) => ({ default: m.MfaStep })));

export function MfaSection() {
  const runtime = useAuthRuntime();
  const t = useSecurityT();
  const screensT = useT();
  const user = useUser({ or: 'redirect' });
  const [enabling, setEnabling] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recent = useRecentAuthentication();
  const enabled = user.requiresTotpMfa;

  async function disable() {
    setBusy(true);
    setError(null);
    setConfirmingDisable(false);
    await recent.guard(
      async () => {
        await runtime.client.updateCurrentUser({ totpSecretBase64: null });
        setNewCodes(null);
        await runtime.reloadUser();
      },
      (failure) => setError(messageOf(failure)),
    );
    setBusy(false);
  }

  return (
    <div className={sectionClass} data-testid="mfa-section">
      <div className={settingRowClass}>
        <div>
          <h3 className={sectionTitleClass}>{t('mfa.title')}</h3>
          <p className={sectionTextClass} data-testid="mfa-status">
            {t(enabled ? 'mfa.enabled' : 'mfa.disabled')}
          </p>
        </div>
        {enabled
          ? !confirmingDisable &&
            !recent.prompt && (
              <button
                type="button"
                className={compactSecondaryButtonClass}
                disabled={busy}
                onClick={() => setConfirmingDisable(true)}
              >
                {t('mfa.disable')}
              </button>
            )
          : !enabling && (
              <button type="button" className={compactSecondaryButtonClass} onClick={() => setEnabling(true)}>
                {t('mfa.enable')}
              </button>
            )}
      </div>
      {enabled && confirmingDisable && (
        <div className={inlineButtonsClass} data-testid="mfa-disable-confirmation">
          <span className={sectionTextClass}>
            {t('mfa.disableQuestion')}
          </span>
          <button type="button" className={compactPrimaryButtonClass} disabled={busy} onClick={() => void disable()}>
            {t('mfa.turnOff')}
          </button>
          <button
            type="button"
            className={compactSecondaryButtonClass}
            disabled={busy}
            onClick={() => setConfirmingDisable(false)}
          >
            {screensT('common.cancel')}
          </button>
        </div>
      )}
      {recent.prompt}
      <Suspense fallback={null}>
        {!enabled && enabling && (
          <MfaStep
            step="set-up"
            onEnabled={(codes) => {
              setEnabling(false);
              setNewCodes(codes);
            }}
            onCancel={() => setEnabling(false)}
          />
        )}
        {enabled &&
          (newCodes ? (
            <MfaStep step="new-codes" codes={newCodes} onDone={() => setNewCodes(null)} />
          ) : (
            <MfaStep step="codes-left" onNewCodes={setNewCodes} />
          ))}
      </Suspense>
      <SectionError message={error} />
    </div>
  );
}
