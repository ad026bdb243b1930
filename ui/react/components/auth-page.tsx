// The sign-in and sign-up page: headline, provider buttons, the 'Or continue with'
// divider, the 'Magic Link' / 'Password' tabs (Ark UI Tabs) and the link to the other page;
// or the already-signed-in / sign-up-disabled cards. A second factor is asked for when needed.
import { useState } from 'react';
import type { SignInOutcome } from '../../client/index';
import { useAuthRuntime, useCurrentUserValue } from '../auth-context';
import { useProject, useRedirectAfterAuth, useUrlKeepingReturnTo } from '../hooks';
import { returnToParameter } from '../redirect-rules';
import { Card } from './card';
import { CredentialSignInForm, CredentialSignUpForm, MagicLinkForm } from './credential-forms';
import { MfaForm } from './mfa-form';
import { OAuthButtons } from './oauth-buttons';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { AlreadySignedInCard, SignUpDisabledCard } from './status-cards';
import { InAppLink } from './in-app-link';
import { EmailMethodTabs } from './email-method-tabs';
import { dividerClass, subtleTextClass } from './styles';

type AuthPageType = 'sign-in' | 'sign-up';

export function SignIn() {
  return <AuthPage type="sign-in" />;
}

export function SignUp() {
  return <AuthPage type="sign-up" />;
}

export function AuthPage(props: { type: AuthPageType }) {
  const runtime = useAuthRuntime();
  const project = useProject();
  const user = useCurrentUserValue();
  const redirectAfterAuth = useRedirectAfterAuth();
  const keepReturnTo = useUrlKeepingReturnTo();
  // Set once a sign-in succeeded: the page keeps its form on screen while leaving, instead of
  // flashing the already-signed-in card.
  const [leaving, setLeaving] = useState(false);
  const [mfaAttempt, setMfaAttempt] = useState<string | null>(null);
  // Held here, not in each form: switching between the Magic Link and Password tabs keeps it.
  const [email, setEmail] = useState('');
  const { config } = project;
  const passkeyAutofill = props.type === 'sign-in' && config.passkeyEnabled;
  const sharedEmail = { email, onEmailChange: setEmail, passkeyAutofill };
  const returnTo = new URLSearchParams(location.search).get(returnToParameter);

  async function onSignedIn(outcome: SignInOutcome) {
    if (outcome.status === 'mfa-required') {
      setMfaAttempt(outcome.attemptCode);
      return;
    }
    setLeaving(true);
    await runtime.reloadUser();
    redirectAfterAuth(outcome.isNewUser ? 'sign-up' : 'sign-in');
  }

  // The second step keeps the screen once it signs in too: its last-recovery-code warning
  // stands there before the redirect.
  if (user && !leaving && !mfaAttempt) return <AlreadySignedInCard />;
  if (props.type === 'sign-up' && !config.signUpEnabled) return <SignUpDisabledCard />;
  if (mfaAttempt) return <MfaForm attemptCode={mfaAttempt} onSignedIn={onSignedIn} />;

  const isSignIn = props.type === 'sign-in';
  const providers = config.enabledOAuthProviders.map((provider) => provider.id);
  const hasEmailForms = config.credentialEnabled || config.magicLinkEnabled;
  const passwordForm = isSignIn ? (
    <CredentialSignInForm onSignedIn={onSignedIn} {...sharedEmail} />
  ) : (
    <CredentialSignUpForm onSignedIn={onSignedIn} {...sharedEmail} />
  );
  const magicLinkForm = <MagicLinkForm returnTo={returnTo} onSignedIn={onSignedIn} {...sharedEmail} />;
  const otherPage = isSignIn ? runtime.urls['sign-up'] : runtime.urls['sign-in'];

  return (
    <Card title={isSignIn ? 'Sign in to your account' : 'Create a new account'} testId={`${props.type}-page`}>
      {(!isSignIn || config.signUpEnabled) && (
        <p className={subtleTextClass}>
          {isSignIn ? "Don't have an account? " : 'Already have an account? '}
          <InAppLink href={keepReturnTo(otherPage)}>{isSignIn ? 'Sign up' : 'Sign in'}</InAppLink>
        </p>
      )}
      {providers.length > 0 && <OAuthButtons type={props.type} providerIds={providers} returnTo={returnTo} />}
      {isSignIn && config.passkeyEnabled && <PasskeySignInButton onSignedIn={onSignedIn} />}
      {(providers.length > 0 || (isSignIn && config.passkeyEnabled)) && hasEmailForms && (
        <div className={dividerClass}>Or continue with</div>
      )}
      {config.credentialEnabled && config.magicLinkEnabled ? (
        <EmailMethodTabs magicLink={magicLinkForm} password={passwordForm} />
      ) : config.credentialEnabled ? (
        passwordForm
      ) : config.magicLinkEnabled ? (
        magicLinkForm
      ) : null}
    </Card>
  );
}
