// The second step of a sign-in for users with an authenticator app: a six-digit code finishes
// the attempt, sent as soon as the sixth digit is typed (or pasted, or autofilled); Verify sends
// it by hand. An empty or wrong code shows the InvalidTotpCode message.
import { useState, type FormEvent } from 'react';
import type { SignInOutcome } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { invalidTotpCodeMessage } from '../form-validation';
import { Card, CardText } from './card';
import { OneTimeCodeInput } from './one-time-code-input';
import { formClass, primaryButtonClass } from './styles';

export function MfaForm(props: { attemptCode: string; onSignedIn(outcome: SignInOutcome): void | Promise<void> }) {
  const runtime = useAuthRuntime();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify(code: string) {
    if (!/^\d{6}$/.test(code)) {
      setError(invalidTotpCodeMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onSignedIn(await runtime.client.completeMfaSignIn({ attemptCode: props.attemptCode, totp: code }));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Multi-Factor Authentication" testId="mfa-page">
      <CardText>Enter the six-digit code from your authenticator app.</CardText>
      <form
        className={formClass}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void verify(code);
        }}
      >
        <OneTimeCodeInput
          label="Code"
          name="totp"
          autoFocus
          value={code}
          onChange={setCode}
          onComplete={(full) => void verify(full)}
          error={error}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          Verify
        </button>
      </form>
    </Card>
  );
}
