// {handler}/forgot-password (spec §2): asks for an email and sends a reset link; the answer is
// the same whether or not the address has an account.
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { currentUserAtom, useAuthRuntime } from '../auth-context';
import { Card, CardText, MessageCard } from '../components/card';
import { TextField } from '../components/form-fields';
import { AlreadySignedInCard } from '../components/status-cards';
import { formClass, linkClass, primaryButtonClass, subtleTextClass } from '../components/styles';
import { emailError, messageOf } from '../form-validation';

export function ForgotPassword() {
  const runtime = useAuthRuntime();
  const user = useAtomValue(currentUserAtom);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  if (user) return <AlreadySignedInCard />;
  if (state === 'sent') {
    return (
      <MessageCard
        title="Email sent!"
        testId="forgot-password-sent"
        primary={{ label: 'Go to home', onClick: () => runtime.navigate(runtime.urls.home) }}
      >
        <CardText>
          If the user with this e-mail address exists, an e-mail was sent to your inbox. Make sure to check your spam folder.
        </CardText>
      </MessageCard>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    if (found) return;
    setState('sending');
    try {
      await runtime.client.sendPasswordResetEmail(email.trim());
      setState('sent');
    } catch (failure) {
      setError(messageOf(failure));
      setState('idle');
    }
  }

  return (
    <Card title="Reset Your Password" testId="forgot-password-page">
      <p className={subtleTextClass}>
        {"Don't need to reset? "}
        <a
          className={linkClass}
          href={runtime.urls['sign-in']}
          onClick={(event) => {
            event.preventDefault();
            runtime.navigate(runtime.urls['sign-in']);
          }}
        >
          Sign in
        </a>
      </p>
      <form className={formClass} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Your Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={error}
        />
        <button type="submit" className={primaryButtonClass} disabled={state !== 'idle'}>
          Send Email
        </button>
      </form>
    </Card>
  );
}
