// The second step of a sign-in for users with an authenticator app: a six-digit code finishes
// the attempt; an empty or wrong code shows the InvalidTotpCode message (spec §8).
import { useState, type FormEvent } from 'react';
import type { SignInOutcome } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { invalidTotpCodeMessage } from '../form-validation';
import { Card, CardText } from './card';
import { TextField } from './form-fields';
import { formClass, primaryButtonClass } from './styles';

export function MfaForm(props: { attemptCode: string; onSignedIn(outcome: SignInOutcome): void | Promise<void> }) {
  const runtime = useAuthRuntime();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(invalidTotpCodeMessage);
      return;
    }
    setBusy(true);
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
      <form className={formClass} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Code"
          name="totp"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          // Digits only, at most six (spec §2 one-time-code input).
          onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
          error={error}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          Verify
        </button>
      </form>
    </Card>
  );
}
