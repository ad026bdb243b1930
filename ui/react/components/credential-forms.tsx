// The email + password forms of the sign-in and sign-up page: browser-side checks with
// the form messages first, then the call; a server refusal is shown on the email field,
// a rate limit or unreachable server above the button. The email can be held by the page, so
// switching between the Magic Link and Password tabs keeps what was typed.
import { useState } from 'react';
import { isKnownError, type SignInOutcome } from '../../client/index';
import { useAuthRuntime, type AuthRuntime } from '../auth-context';
import { FieldError, useFormSubmit } from '../form-submit';
import { emailError, newPasswordErrors, requiredPasswordError } from '../form-validation';
import { emptyNewPassword, NewPasswordFields } from './new-password-fields';
import { useUrlKeepingReturnTo } from '../hooks';
import { EmailField, PasswordField } from './form-fields';
import { FormProblem, SubmitButton } from './form-parts';
import { InAppLink } from './in-app-link';
import { MagicLinkCodeStep } from './magic-link-code-step';
import type { Translator } from '../i18n/translator';
import type { AuthKey } from '../../../server/protocol/messages/auth/auth-en';
import { formClass } from './styles';
import { rightAlignedClass } from './auth-page-styles';
import { useAuthT, useFormsT } from '../i18n/messages-context';
import { withPageLanguage } from './oauth-return-to';

export interface SignInFormProps {
  /** Called with the outcome of a successful call; the page redirects or asks for a second factor. */
  onSignedIn(outcome: SignInOutcome): void | Promise<void>;
}

/** The email typed so far: the page's when it shares one between forms, else the form's own. */
export interface SharedEmail {
  email?: string;
  onEmailChange?(email: string): void;
  /** The sign-in page with passkeys on: the email field offers the site's passkeys as suggestions. */
  passkeyAutofill?: boolean;
}

function useEmail(props: SharedEmail): [string, (email: string) => void] {
  const [own, setOwn] = useState('');
  return props.onEmailChange ? [props.email ?? '', props.onEmailChange] : [own, setOwn];
}

export function CredentialSignInForm(props: SignInFormProps & SharedEmail) {
  const runtime = useAuthRuntime();
  const formsT = useFormsT();
  const authT = useAuthT();
  const keepReturnTo = useUrlKeepingReturnTo();
  const [email, setEmail] = useEmail(props);
  const [password, setPassword] = useState('');
  const { errors, formError, busy, onSubmit } = useFormSubmit({
    validate: () => ({ email: emailError(email, formsT), password: requiredPasswordError(password, formsT) }),
    send: async () => props.onSignedIn(await runtime.client.signInWithPassword({ email: email.trim(), password })),
    failureField: 'email',
    formWideProblems: true,
    errorWords: authT,
  });

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} data-testid="password-sign-in-form">
      <EmailField value={email} onChange={setEmail} error={errors.email} passkeyAutofill={props.passkeyAutofill} />
      <PasswordField
        label={formsT('field.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <div className={rightAlignedClass}>
        <InAppLink href={keepReturnTo(runtime.urls['forgot-password'])}>{authT('signIn.forgotPassword')}</InAppLink>
      </div>
      <FormProblem message={formError} />
      <SubmitButton busy={busy}>{authT('signIn.submit')}</SubmitButton>
    </form>
  );
}

export function CredentialSignUpForm(props: SignInFormProps & SharedEmail) {
  const runtime = useAuthRuntime();
  const formsT = useFormsT();
  const authT = useAuthT();
  const [email, setEmail] = useEmail(props);
  const [newPassword, setNewPassword] = useState(emptyNewPassword);
  const { errors, formError, busy, onSubmit } = useFormSubmit({
    validate: () => ({ email: emailError(email, formsT), ...newPasswordErrors(newPassword, formsT) }),
    async send() {
      try {
        await props.onSignedIn(await runtime.client.signUpWithPassword({ email: email.trim(), password: newPassword.password }));
      } catch (error) {
        // The wire's message is 'User email already exists.'; the screens use friendlier words of their own.
        if (isKnownError(error, 'USER_EMAIL_ALREADY_EXISTS')) throw new Error(authT('signUp.userExists'));
        // The strength check's reason (breached, contains the email, too guessable) goes under the password.
        if (isKnownError(error, 'PASSWORD_REQUIREMENTS_NOT_MET')) throw new FieldError('password', error.message);
        throw error;
      }
    },
    failureField: 'email',
    formWideProblems: true,
  });

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} data-testid="password-sign-up-form">
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <NewPasswordFields
        labels={[formsT('field.password'), formsT('field.repeatPassword')]}
        name="password"
        value={newPassword}
        onChange={setNewPassword}
        errors={errors}
      />
      <FormProblem message={formError} />
      <SubmitButton busy={busy}>{authT('signUp.submit')}</SubmitButton>
    </form>
  );
}

/** Sends the magic-link email; the link comes back to the magic-link page with the return target. */
export async function sendMagicLink(
  runtime: AuthRuntime,
  address: string,
  returnTo: string | null,
  authT: Translator<AuthKey>,
): Promise<MagicLinkSent> {
  // The return target rides on the callback, so the redirect after sign-in still goes where
  // the visitor was headed.
  const callback = new URL(withPageLanguage(runtime.client.handlerUrls().magicLinkCallback));
  if (returnTo) callback.searchParams.set('after_auth_return_to', returnTo);
  const sent = await runtime.client
    .sendMagicLinkEmail(address, { callbackUrl: callback.toString() })
    .catch((error: unknown) => {
      if (isKnownError(error, 'USER_EMAIL_ALREADY_EXISTS')) throw new Error(authT('auth.unverifiedAccount'));
      throw error;
    });
  return { email: address, nonce: sent.nonce };
}

export interface MagicLinkSent {
  email: string;
  nonce: string;
}

/**
 * Email and 'Send magic link'. Once sent, the code step ('Check your email', the six-character
 * code from the email) takes the form's place: here, or where the page puts it when it passes
 * `onSent` (the sign-in page shows it instead of the whole card's forms).
 */
export function MagicLinkForm(
  props: SignInFormProps & SharedEmail & { returnTo: string | null; onSent?(sent: MagicLinkSent): void },
) {
  const runtime = useAuthRuntime();
  const formsT = useFormsT();
  const authT = useAuthT();
  const [email, setEmail] = useEmail(props);
  const [sent, setSent] = useState<MagicLinkSent | null>(null);

  const { errors, formError, busy, onSubmit } = useFormSubmit({
    validate: () => ({ email: emailError(email, formsT) }),
    async send() {
      const done = await sendMagicLink(runtime, email.trim(), props.returnTo, authT);
      if (props.onSent) props.onSent(done);
      else setSent(done);
    },
    failureField: 'email',
    formWideProblems: true,
  });

  if (sent) {
    return (
      <MagicLinkCodeStep
        sent={sent}
        onResend={async () => setSent(await sendMagicLink(runtime, sent.email, props.returnTo, authT))}
        onUseAnotherEmail={() => setSent(null)}
        onSignedIn={props.onSignedIn}
      />
    );
  }
  return (
    <form className={formClass} noValidate onSubmit={onSubmit} data-testid="magic-link-form">
      <EmailField value={email} onChange={setEmail} error={errors.email} passkeyAutofill={props.passkeyAutofill} />
      <FormProblem message={formError} />
      <SubmitButton busy={busy}>{authT('magicLink.submit')}</SubmitButton>
    </form>
  );
}
