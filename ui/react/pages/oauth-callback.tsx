// {handler}/oauth-callback: completes the provider sign-in and redirects; after 3 s a
// manual link appears. A URL without code and state goes back to sign-in without a return path.
import { lazy, Suspense, useEffect, useState } from 'react';
import { isKnownError, OAuthCallbackError, type OAuthCallbackOutcome, type SignInOutcome } from '../../client/index';
import { messageOf } from '../form-submit';
import { useAuthRuntime } from '../auth-context';
import { Card, CardText, MessageCard } from '../components/card';
import { detailsBlockClass, linkClass, spinnerRowClass } from '../components/styles';
import { Spinner } from '../components/form-parts';
import { useRedirectAfterAuth } from '../hooks';
import { withReturnTo } from '../redirect-rules';
import { useCallOncePerCode } from '../once-per-code';
import { takeOAuthReturnTo } from '../components/oauth-return-to';
import { usePagesT } from '../i18n/messages-context';

// Only a sign-in that asks for a second factor needs the code form: most callbacks never load it.
const MfaForm = lazy(() => import('../components/mfa-form').then((m) => ({ default: m.MfaForm })));

/** After 3 seconds without a redirect, a hint, so a stuck callback is not a blank page. */
export const redirectHintDelayMillis = 3000;

function callbackYieldsNothing(): boolean {
  const query = new URLSearchParams(location.search);
  return !query.has('code') && !query.has('state');
}

export function OAuthCallback() {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  const redirectAfterAuth = useRedirectAfterAuth();
  const [empty] = useState(callbackYieldsNothing);
  const [showHint, setShowHint] = useState(false);
  const [target, setTarget] = useState<(() => void) | null>(null);
  // Fixed on arrival: the client removes code and state from the address bar, and a key read
  // again on a later render (the 3 s hint) would start a second exchange that must fail.
  const [callKey] = useState(() => (empty ? null : `oauth:${location.search}`));
  const callback = useCallOncePerCode(callKey, () => runtime.client.handleOAuthCallback());

  useEffect(() => {
    if (empty) runtime.navigate(runtime.urls['sign-in']);
    const timer = setTimeout(() => setShowHint(true), redirectHintDelayMillis);
    return () => clearTimeout(timer);
  }, [empty, runtime]);

  async function finish(outcome: SignInOutcome | OAuthCallbackOutcome) {
    if (outcome.status !== 'signed-in') return;
    await runtime.reloadUser();
    const returnTo = ('afterCallbackRedirectUrl' in outcome ? outcome.afterCallbackRedirectUrl : null) ?? takeOAuthReturnTo();
    const go = () => {
      // The return target travels through the provider; it passes the same trust check as a
      // query parameter would.
      if (returnTo) {
        history.replaceState(null, '', withReturnTo(location.pathname, returnTo, location.href));
      }
      redirectAfterAuth(outcome.isNewUser ? 'sign-up' : 'sign-in');
    };
    setTarget(() => go);
    go();
  }

  useEffect(() => {
    if (callback.status === 'done' && callback.value.status === 'signed-in') void finish(callback.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [callback]);

  if (callback.status === 'failed') {
    // A banned user is told that alone, not that the sign-in went wrong and may be tried again.
    const banned = isKnownError(callback.error, 'USER_BANNED');
    const details =
      callback.error instanceof OAuthCallbackError ? callback.error.message : t('oauth.failedDetails');
    return (
      <MessageCard
        title={t('oauth.failedTitle')}
        testId="oauth-callback-failed"
        primary={{ label: t('nav.goToSignIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) }}
      >
        <CardText>{banned ? messageOf(callback.error, t) : t('oauth.failedText')}</CardText>
        {banned ? null : <pre className={detailsBlockClass}>{details}</pre>}
      </MessageCard>
    );
  }
  if (callback.status === 'done' && callback.value.status === 'mfa-required') {
    return (
      <Suspense fallback={<Card testId="oauth-callback-pending" />}>
        <MfaForm
          attemptCode={callback.value.attemptCode}
          onSignedIn={finish}
          onBack={() => runtime.navigate(runtime.urls['sign-in'])}
        />
      </Suspense>
    );
  }
  const retry = target ?? (() => runtime.navigate(runtime.urls['sign-in']));
  return (
    <Card testId="oauth-callback-pending">
      <CardText>
        <span className={spinnerRowClass}>
          <Spinner />
          {t('oauth.redirecting')}
        </span>
      </CardText>
      {showHint && (
        <CardText>
          {t.rich('oauth.notRedirected', {
            link: (
              <a
                className={linkClass}
                href={runtime.urls['sign-in']}
                onClick={(event) => {
                  event.preventDefault();
                  retry();
                }}
              >
                {t('oauth.clickHere')}
              </a>
            ),
          })}
        </CardText>
      )}
    </Card>
  );
}
