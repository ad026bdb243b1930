// The email + password forms of the sign-in and sign-up page (spec §2): browser-side checks with
// the §5 messages first, then the call; a server error is shown on the email field (spec §8).
import { useState } from 'react';
import type { SignInOutcome } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { useFormSubmit } from '../form-submit';
import { emailError, newPasswordError, repeatPasswordError, requiredPasswordError } from '../form-validation';
import { useUrlKeepingReturnTo } from '../hooks';
import { EmailField, PasswordField } from './form-fields';
import { InAppLink } from './in-app-link';
import { formClass, primaryButtonClass, rightAlignedClass } from './styles';

export interface SignInFormProps {
  /** Called with the outcome of a successful call; the page redirects or asks for a second factor. */
  onSignedIn(outcome: SignInOutcome): void | Promise<void>;
}

export function CredentialSignInForm(props: SignInFormProps) {
  const runtime = useAuthRuntime();
  const keepReturnTo = useUrlKeepingReturnTo();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, busy, onSubmit } = useFormSubmit({
    validate: () => ({ email: emailError(email), password: requiredPasswordError(password) }),
    send: async () => props.onSignedIn(await runtime.client.signInWithPassword({ email: email.trim(), password })),
    failureField: 'email',
  });

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} data-testid="password-sign-in-form">
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <div className={rightAlignedClass}>
        <InAppLink href={keepReturnTo(runtime.urls['forgot-password'])}>Forgot password?</InAppLink>
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
  const { errors, busy, onSubmit } = useFormSubmit({
    validate: () => ({
      email: emailError(email),
      password: newPasswordError(password),
      repeated: repeatPasswordError(password, repeated),
    }),
    send: async () => props.onSignedIn(await runtime.client.signUpWithPassword({ email: email.trim(), password })),
    failureField: 'email',
  });

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} data-testid="password-sign-up-form">
      <EmailField value={email} onChange={setEmail} error={errors.email} />
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
  const [sent, setSent] = useState(false);
  const { errors, busy, onSubmit } = useFormSubmit({
    validate: () => ({ email: emailError(email) }),
    async send() {
      // The link comes back to the magic-link page with the return target, so the redirect
      // after sign-in still goes where the visitor was headed.
      const callback = new URL(runtime.client.handlerUrls().magicLinkCallback);
      if (props.returnTo) callback.searchParams.set('after_auth_return_to', props.returnTo);
      await runtime.client.sendMagicLinkEmail(email.trim(), { callbackUrl: callback.toString() });
      setSent(true);
    },
    failureField: 'email',
  });

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} data-testid="magic-link-form">
      <EmailField value={email} onChange={setEmail} error={errors.email} disabled={sent} />
      <button type="submit" className={primaryButtonClass} disabled={busy || sent}>
        {sent ? 'Email sent!' : 'Send magic link'}
      </button>
    </form>
  );
}
