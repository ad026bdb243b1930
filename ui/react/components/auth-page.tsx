// The sign-in and sign-up page: headline, provider buttons, the 'Or continue with'
// divider, the 'Magic Link' / 'Password' tabs (Ark UI Tabs) and the link to the other page;
// or the already-signed-in / sign-up-disabled cards. A second factor is asked for when needed.
import { useState } from 'react';
import type { SignInOutcome } from '../../client/index';
import { useAuthRuntime, useCurrentUserValue } from '../auth-context';
import { useProject, useRedirectAfterAuth, useUrlKeepingReturnTo } from '../hooks';
import { returnToParameter, signedUpParameter } from '../redirect-rules';
import { Card } from './card';
import { CredentialSignInForm, CredentialSignUpForm, MagicLinkForm, sendMagicLink, type MagicLinkSent } from './credential-forms';
import { MagicLinkCodeStep } from './magic-link-code-step';
import { MfaForm } from './mfa-form';
import { OAuthButtons } from './oauth-buttons';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { AlreadySignedInCard, SignUpDisabledCard } from './status-cards';
import { SignedUpCard } from './signed-up-card';
import { currentSearchParameter } from '../navigation';
import { focusHeadingOfNewScreen } from '../focus-moves';
import { InAppLink } from './in-app-link';
import { EmailMethodTabs } from './email-method-tabs';
import { subtleTextClass } from './styles';
import { dividerClass } from './auth-page-styles';
import { isIpAddressHost } from '../../../server/protocol/localhost-names';
import { useT, useAuthT } from '../i18n/messages-context';

type AuthPageType = 'sign-in' | 'sign-up';

export function SignIn() {
  return <AuthPage type="sign-in" />;
}

export function SignUp() {
  return <AuthPage type="sign-up" />;
}

/** Leaves a step (the second factor, the magic-link code) for the page's forms, focus on its heading. */
function backToForms(clearStep: (step: null) => void): void {
  clearStep(null);
  focusHeadingOfNewScreen();
}

export function AuthPage(props: { type: AuthPageType }) {
  const runtime = useAuthRuntime();
  const t = useT();
  const authT = useAuthT();
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
  // A magic link was sent: the code step replaces the page's forms (a short card on a phone).
  const [magicLinkSent, setMagicLinkSent] = useState<MagicLinkSent | null>(null);
  const { config } = project;
  // An IP-address origin cannot hold passkeys: the browser would only answer with an error.
  const passkeysOffered = config.passkeyEnabled && !isIpAddressHost(location.hostname);
  const passkeyAutofill = props.type === 'sign-in' && passkeysOffered;
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
  if (user && !leaving && !mfaAttempt) {
    return props.type === 'sign-up' && currentSearchParameter(signedUpParameter) !== null ? (
      <SignedUpCard />
    ) : (
      <AlreadySignedInCard />
    );
  }
  if (props.type === 'sign-up' && !config.signUpEnabled) return <SignUpDisabledCard />;
  if (mfaAttempt) return <MfaForm attemptCode={mfaAttempt} onSignedIn={onSignedIn} onBack={() => backToForms(setMfaAttempt)} />;

  const isSignIn = props.type === 'sign-in';
  const providers = config.enabledOAuthProviders.map((provider) => provider.id);
  const hasEmailForms = config.credentialEnabled || config.magicLinkEnabled;
  const passwordForm = isSignIn ? (
    <CredentialSignInForm onSignedIn={onSignedIn} {...sharedEmail} />
  ) : (
    <CredentialSignUpForm onSignedIn={onSignedIn} {...sharedEmail} />
  );
  const magicLinkForm = <MagicLinkForm returnTo={returnTo} onSignedIn={onSignedIn} onSent={setMagicLinkSent} {...sharedEmail} />;
  if (magicLinkSent) {
    return (
      <Card testId={`${props.type}-page`}>
        <MagicLinkCodeStep
          pageHeading
          sent={magicLinkSent}
          onResend={async () => setMagicLinkSent(await sendMagicLink(runtime, magicLinkSent.email, returnTo, authT))}
          onUseAnotherEmail={() => backToForms(setMagicLinkSent)}
          onSignedIn={onSignedIn}
        />
      </Card>
    );
  }
  const otherPage = isSignIn ? runtime.urls['sign-up'] : runtime.urls['sign-in'];

  return (
    <Card title={authT(isSignIn ? 'signIn.heading' : 'signUp.heading')} testId={`${props.type}-page`}>
      {(!isSignIn || config.signUpEnabled) && (
        <p className={subtleTextClass}>
          {authT.rich(isSignIn ? 'signIn.noAccount' : 'signUp.haveAccount', {
            link: <InAppLink href={keepReturnTo(otherPage)}>{t(isSignIn ? 'signUp.link' : 'signIn.link')}</InAppLink>,
          })}
        </p>
      )}
      {providers.length > 0 && <OAuthButtons type={props.type} providerIds={providers} returnTo={returnTo} />}
      {isSignIn && passkeysOffered && <PasskeySignInButton onSignedIn={onSignedIn} />}
      {(providers.length > 0 || (isSignIn && passkeysOffered)) && hasEmailForms && (
        <div className={dividerClass}>{authT('auth.orContinueWith')}</div>
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
