// The second step of a sign-in for users with an authenticator app: a six-digit code finishes
// the attempt, sent as soon as the sixth digit is typed (or pasted, or autofilled); Verify sends
// it by hand. An empty or wrong code shows the InvalidTotpCode message. "Use a recovery code"
// swaps the digits for a text field taking one of the user's recovery codes; when that was the
// last one, a warning stands between the sign-in and the page it leads to.
import { useState, type FormEvent } from 'react';
import { isKnownError, type SignInOutcome } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { invalidTotpCodeMessage } from '../form-validation';
import { Card, CardText, MessageCard } from './card';
import { OneTimeCodeInput } from './one-time-code-input';
import { TextField } from './form-fields';
import { formClass, linkClass, primaryButtonClass, subtleTextClass } from './styles';

export const lastRecoveryCodeTitle = 'You used your last recovery code';
export const wrongRecoveryCodeMessage = 'This recovery code is not valid, or was already used.';

export function MfaForm(props: { attemptCode: string; onSignedIn(outcome: SignInOutcome): void | Promise<void> }) {
  const runtime = useAuthRuntime();
  const [usingRecoveryCode, setUsingRecoveryCode] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastCodeUsed, setLastCodeUsed] = useState<SignInOutcome | null>(null);

  async function verify(code: string) {
    const typed = code.trim();
    if (usingRecoveryCode ? typed === '' : !/^\d{6}$/.test(typed)) {
      setError(invalidTotpCodeMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const outcome = await runtime.client.completeMfaSignIn({ attemptCode: props.attemptCode, totp: typed });
      if (outcome.status === 'signed-in' && outcome.recoveryCodesRemaining === 0) setLastCodeUsed(outcome);
      else await props.onSignedIn(outcome);
    } catch (failure) {
      setError(usingRecoveryCode && isKnownError(failure, 'INVALID_TOTP_CODE') ? wrongRecoveryCodeMessage : messageOf(failure));
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
        title={lastRecoveryCodeTitle}
        testId="mfa-last-recovery-code"
        primary={{ label: 'Continue', onClick: () => void props.onSignedIn(lastCodeUsed) }}
      >
        <CardText>
          You are signed in, but you have no recovery codes left. Make new ones in Account settings, under Security, so you can
          still sign in if you lose your authenticator app.
        </CardText>
      </MessageCard>
    );
  }

  return (
    <Card title="Multi-Factor Authentication" testId="mfa-page">
      <CardText>
        {usingRecoveryCode
          ? 'Enter one of the recovery codes you saved when you turned on multi-factor authentication.'
          : 'Enter the six-digit code from your authenticator app.'}
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
            label="Recovery code"
            name="recovery-code"
            autoFocus
            autoComplete="off"
            value={code}
            onChange={setCode}
            error={error}
          />
        ) : (
          <OneTimeCodeInput
            label="Code"
            name="totp"
            autoFocus
            value={code}
            onChange={setCode}
            onComplete={(full) => void verify(full)}
            error={error}
          />
        )}
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          Verify
        </button>
      </form>
      <p className={subtleTextClass}>
        <button type="button" className={linkClass} onClick={switchMethod} data-testid="mfa-switch-method">
          {usingRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
      </p>
    </Card>
  );
}
