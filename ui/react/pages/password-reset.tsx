// {handler}/password-reset?code=… (spec §2): checks the code first, then takes the new password
// twice; expired, used and unknown links get their own cards (spec §8).
import { useState, type FormEvent } from 'react';
import { useAuthRuntime } from '../auth-context';
import { Card, CardText, MessageCard } from '../components/card';
import { PasswordField } from '../components/form-fields';
import { InvalidLinkCard, verificationProblemCard } from '../components/status-cards';
import { errorTextClass, formClass, primaryButtonClass } from '../components/styles';
import { newPasswordError, repeatPasswordError } from '../form-validation';
import { currentSearchParameter } from '../navigation';
import { useCallOncePerCode } from '../once-per-code';

export function PasswordReset() {
  const runtime = useAuthRuntime();
  const code = currentSearchParameter('code');
  const check = useCallOncePerCode(code ? `reset-check:${code}` : null, () => runtime.client.checkPasswordResetCode(code!));
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; repeated?: string | null }>({});
  const [state, setState] = useState<'form' | 'saving' | 'done' | 'failed'>('form');

  if (!code) return <InvalidLinkCard kind="password-reset" />;
  if (check.status === 'pending') return <Card title="Reset Your Password" testId="password-reset-checking" />;
  if (check.status === 'failed') {
    const card = verificationProblemCard(check.error, 'password-reset');
    if (!card) throw check.error;
    return card;
  }
  if (state === 'done') {
    return (
      <MessageCard
        title="Password reset successfully!"
        testId="password-reset-done"
        primary={{ label: 'Sign in', onClick: () => runtime.navigate(runtime.urls['sign-in']) }}
      >
        <CardText>Your password has been reset. You can now sign in with your new password.</CardText>
      </MessageCard>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { password: newPasswordError(password), repeated: repeatPasswordError(password, repeated) };
    setErrors(found);
    if (found.password || found.repeated) return;
    setState('saving');
    try {
      await runtime.client.resetPassword({ code: code!, password });
      setState('done');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // Rule failures belong on the field; a code that stopped working means a new link is needed.
      if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') {
        setErrors({ password: (error as Error).message });
        setState('form');
      } else setState('failed');
    }
  }

  return (
    <Card title="Reset Your Password" testId="password-reset-page">
      <form className={formClass} noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <PasswordField
          label="Repeat New Password"
          name="repeat-password"
          autoComplete="new-password"
          value={repeated}
          onChange={setRepeated}
          error={errors.repeated}
        />
        {state === 'failed' && (
          <span className={errorTextClass}>Failed to reset password. Please request a new password reset link</span>
        )}
        <button type="submit" className={primaryButtonClass} disabled={state === 'saving'}>
          Reset Password
        </button>
      </form>
    </Card>
  );
}
