// The email + password forms of the sign-in and sign-up page (spec §2): browser-side checks with
// the §5 messages first, then the call; a server error is shown on the email field (spec §8).
import { useState, type FormEvent } from 'react';
import type { SignInOutcome } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { emailError, messageOf, newPasswordError, repeatPasswordError, requiredPasswordError } from '../form-validation';
import { useUrlKeepingReturnTo } from '../hooks';
import { PasswordField, TextField } from './form-fields';
import { formClass, linkClass, primaryButtonClass, rightAlignedClass } from './styles';

export interface SignInFormProps {
  /** Called with the outcome of a successful call; the page redirects or asks for a second factor. */
  onSignedIn(outcome: SignInOutcome): void | Promise<void>;
}

export function CredentialSignInForm(props: SignInFormProps) {
  const runtime = useAuthRuntime();
  const keepReturnTo = useUrlKeepingReturnTo();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: emailError(email), password: requiredPasswordError(password) };
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      await props.onSignedIn(await runtime.client.signInWithPassword({ email: email.trim(), password }));
    } catch (error) {
      setErrors({ email: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={formClass} noValidate onSubmit={(event) => void submit(event)} data-testid="password-sign-in-form">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <div className={rightAlignedClass}>
        <a
          className={linkClass}
          href={keepReturnTo(runtime.urls['forgot-password'])}
          onClick={(event) => {
            event.preventDefault();
            runtime.navigate(keepReturnTo(runtime.urls['forgot-password']));
          }}
        >
          Forgot password?
        </a>
      </div>
      <button type="submit" className={primaryButtonClass} disabled={busy}>
        Sign In
      </button>
    </form>
  );
}

export function CredentialSignUpForm(props: SignInFormProps) {
  const runtime = useAuthRuntime();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null; repeated?: string | null }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: emailError(email),
      password: newPasswordError(password),
      repeated: repeatPasswordError(password, repeated),
    };
    setErrors(found);
    if (found.email || found.password || found.repeated) return;
    setBusy(true);
    try {
      await props.onSignedIn(await runtime.client.signUpWithPassword({ email: email.trim(), password }));
    } catch (error) {
      setErrors({ email: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={formClass} noValidate onSubmit={(event) => void submit(event)} data-testid="password-sign-up-form">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <PasswordField
        label="Repeat Password"
        name="repeat-password"
        autoComplete="new-password"
        value={repeated}
        onChange={setRepeated}
        error={errors.repeated}
      />
      <button type="submit" className={primaryButtonClass} disabled={busy}>
        Sign Up
      </button>
    </form>
  );
}

export function MagicLinkForm(props: { returnTo: string | null }) {
  const runtime = useAuthRuntime();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    if (found) return;
    setState('sending');
    try {
      // The link comes back to the magic-link page with the return target, so the redirect
      // after sign-in still goes where the visitor was headed.
      const callback = new URL(runtime.client.handlerUrls().magicLinkCallback);
      if (props.returnTo) callback.searchParams.set('after_auth_return_to', props.returnTo);
      await runtime.client.sendMagicLinkEmail(email.trim(), { callbackUrl: callback.toString() });
      setState('sent');
    } catch (failure) {
      setError(messageOf(failure));
      setState('idle');
    }
  }

  const sent = state === 'sent';
  return (
    <form className={formClass} noValidate onSubmit={(event) => void submit(event)} data-testid="magic-link-form">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={error}
        disabled={sent}
      />
      <button type="submit" className={primaryButtonClass} disabled={state !== 'idle'}>
        {sent ? 'Email sent!' : 'Send magic link'}
      </button>
    </form>
  );
}
