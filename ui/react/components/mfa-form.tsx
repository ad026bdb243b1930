// The second step of a sign-in for users with an authenticator app: a six-digit code finishes
// the attempt, sent as soon as the sixth digit is typed (or pasted, or autofilled); Verify sends
// it by hand. An empty or wrong code shows the InvalidTotpCode message. "Use a recovery code"
// swaps the digits for a text field taking one of the user's recovery codes; when that was the
// last one, a warning stands between the sign-in and the page it leads to. 'Back to sign in'
// leaves the step for the sign-in page.
import { useState, type FormEvent } from 'react';
import { isKnownError, type SignInOutcome } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { Card, CardText, MessageCard } from './card';
import { OneTimeCodeInput } from './one-time-code-input';
import { TextField } from './form-fields';
import { formClass, linkClass, primaryButtonClass, subtleTextClass } from './styles';
import { usePagesT } from '../i18n/messages-context';


export function MfaForm(props: {
  attemptCode: string;
  onSignedIn(outcome: SignInOutcome): void | Promise<void>;
  /** 'Back to sign in': leaves the second step (the attempt is simply not finished). */
  onBack(): void;
}) {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  const [usingRecoveryCode, setUsingRecoveryCode] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastCodeUsed, setLastCodeUsed] = useState<SignInOutcome | null>(null);

  async function verify(code: string) {
    const typed = code.trim();
    if (usingRecoveryCode ? typed === '' : !/^\d{6}$/.test(typed)) {
      setError(t('mfa.invalidCode'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const outcome = await runtime.client.completeMfaSignIn({ attemptCode: props.attemptCode, totp: typed });
      if (outcome.status === 'signed-in' && outcome.recoveryCodesRemaining === 0) setLastCodeUsed(outcome);
      else await props.onSignedIn(outcome);
    } catch (failure) {
      setError(usingRecoveryCode && isKnownError(failure, 'INVALID_TOTP_CODE') ? t('mfa.wrongRecoveryCode') : messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  }

  function switchMethod() {
    setUsingRecoveryCode(!usingRecoveryCode);
    setCode('');
    setError(null);
  }

  if (lastCodeUsed) {
    return (
      <MessageCard
        title={t('mfa.lastRecoveryCodeTitle')}
        testId="mfa-last-recovery-code"
        primary={{ label: t('nav.continue'), onClick: () => void props.onSignedIn(lastCodeUsed) }}
      >
        <CardText>{t('mfa.lastRecoveryCodeText')}</CardText>
      </MessageCard>
    );
  }

  return (
    <Card title={t('mfa.heading')} testId="mfa-page">
      <CardText>
        {t(usingRecoveryCode ? 'mfa.enterRecoveryCode' : 'mfa.enterCode')}
      </CardText>
      <form
        className={formClass}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void verify(code);
        }}
      >
        {usingRecoveryCode ? (
          <TextField
            label={t('mfa.recoveryCode')}
            name="recovery-code"
            autoFocus
            autoComplete="off"
            value={code}
            onChange={setCode}
            error={error}
          />
        ) : (
          <OneTimeCodeInput
            label={t('mfa.codeLabel')}
            name="totp"
            autoFocus
            value={code}
            onChange={setCode}
            onComplete={(full) => void verify(full)}
            error={error}
          />
        )}
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {t('mfa.submit')}
        </button>
      </form>
      <p className={subtleTextClass}>
        <button type="button" className={linkClass} onClick={switchMethod} data-testid="mfa-switch-method">
          {t(usingRecoveryCode ? 'mfa.useApp' : 'mfa.useRecoveryCode')}
        </button>
        {' · '}
        <button type="button" className={linkClass} onClick={props.onBack} data-testid="mfa-back">
          {t('mfa.backToSignIn')}
        </button>
      </p>
    </Card>
  );
}
