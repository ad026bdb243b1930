// {handler}/magic-link-callback?code=…: exchanges the code for a session, then goes to
// after-sign-up for a new user and after-sign-in (or the return target) otherwise. A link for an
// account that never verified its address explains that instead of the generic error page.
import { useEffect, useState } from 'react';
import { useAuthRuntime, useCurrentUserValue } from '../auth-context';
import { Card, CardText, MessageCard } from '../components/card';
import { MfaForm } from '../components/mfa-form';
import { useAuthT, usePagesT } from '../i18n/messages-context';
import { AlreadySignedInCard, InvalidLinkCard, verificationProblemCard, isWellFormedLinkCode } from '../components/status-cards';
import { useRedirectAfterAuth } from '../hooks';
import { currentSearchParameter } from '../navigation';
import { useCallOncePerCode } from '../once-per-code';
import { isKnownError, type SignInOutcome } from '../../client/index';
import { messageOf } from '../form-submit';

export function MagicLinkCallback() {
  const runtime = useAuthRuntime();
  const authT = useAuthT();
  const pagesT = usePagesT();
  const user = useCurrentUserValue();
  // Decided on arrival: the sign-in below sets the user, which must not turn this page into
  // the already-signed-in card on its way out.
  const [signedInOnArrival] = useState(user !== null);
  // A code that cannot be one is treated as no code: the invalid-link card.
  const given = currentSearchParameter('code');
  const code = isWellFormedLinkCode(given) ? given : null;
  const redirectAfterAuth = useRedirectAfterAuth();
  const signIn = useCallOncePerCode(!signedInOnArrival && code ? `magic-link:${code}` : null, () =>
    runtime.client.signInWithMagicLinkCode(code!),
  );

  async function finish(outcome: SignInOutcome) {
    if (outcome.status !== 'signed-in') return;
    await runtime.reloadUser();
    redirectAfterAuth(outcome.isNewUser ? 'sign-up' : 'sign-in');
  }

  useEffect(() => {
    if (signIn.status === 'done') void finish(signIn.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signIn]);

  if (signedInOnArrival) return <AlreadySignedInCard />;
  if (!code) return <InvalidLinkCard kind="magic-link" />;
  if (signIn.status === 'failed') {
    if (isKnownError(signIn.error, 'USER_EMAIL_ALREADY_EXISTS')) {
      // The account behind the address never verified it: the same words as the sign-in form's code step.
      return (
        <MessageCard
          title={pagesT('magicLink.passwordTitle')}
          testId="unverified-account"
          primary={{ label: pagesT('nav.goToSignIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) }}
        >
          <CardText>{authT('auth.unverifiedAccount')}</CardText>
        </MessageCard>
      );
    }
    if (isKnownError(signIn.error, 'USER_BANNED')) {
      return (
        <MessageCard
          title={pagesT('error.signInTitle')}
          testId="banned-user"
          primary={{ label: pagesT('nav.goToSignIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) }}
        >
          <CardText>{messageOf(signIn.error, pagesT)}</CardText>
        </MessageCard>
      );
    }
    const card = verificationProblemCard(signIn.error, 'magic-link');
    if (!card) throw signIn.error;
    return card;
  }
  if (signIn.status === 'done' && signIn.value.status === 'mfa-required') {
    return (
      <MfaForm
        attemptCode={signIn.value.attemptCode}
        onSignedIn={finish}
        onBack={() => runtime.navigate(runtime.urls['sign-in'])}
      />
    );
  }
  return <Card title={pagesT('magicLink.pending')} testId="magic-link-pending" />;
}
