// {handler}/oauth-callback (spec §2): completes the provider sign-in and redirects; after 3 s a
// manual link appears. A URL without code and state goes back to sign-in without a return path.
import { useEffect, useState } from 'react';
import { OAuthCallbackError, type OAuthCallbackOutcome, type SignInOutcome } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { Card, CardText } from '../components/card';
import { MfaForm } from '../components/mfa-form';
import { detailsBlockClass, linkClass } from '../components/styles';
import { useRedirectAfterAuth } from '../hooks';
import { withReturnTo } from '../redirect-rules';
import { useCallOncePerCode } from '../once-per-code';

/** The spec's "OAuth redirect hint after 3 seconds". */
export const redirectHintDelayMillis = 3000;

function callbackYieldsNothing(): boolean {
  const query = new URLSearchParams(location.search);
  return !query.has('code') && !query.has('state');
}

export function OAuthCallback() {
  const runtime = useAuthRuntime();
  const redirectAfterAuth = useRedirectAfterAuth();
  const [empty] = useState(callbackYieldsNothing);
  const [showHint, setShowHint] = useState(false);
  const [target, setTarget] = useState<(() => void) | null>(null);
  const callback = useCallOncePerCode(empty ? null : `oauth:${location.search}`, () => runtime.client.handleOAuthCallback());

  useEffect(() => {
    if (empty) runtime.navigate(runtime.urls['sign-in']);
    const timer = setTimeout(() => setShowHint(true), redirectHintDelayMillis);
    return () => clearTimeout(timer);
  }, [empty, runtime]);

  async function finish(outcome: SignInOutcome | OAuthCallbackOutcome) {
    if (outcome.status !== 'signed-in') return;
    await runtime.reloadUser();
    const returnTo = 'afterCallbackRedirectUrl' in outcome ? outcome.afterCallbackRedirectUrl : null;
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
    const details =
      callback.error instanceof OAuthCallbackError
        ? callback.error.message
        : 'Error signing in during OAuth callback. Please try again.';
    return (
      <Card title="Sign-in failed" testId="oauth-callback-failed">
        <CardText>Something went wrong while processing the OAuth callback:</CardText>
        <pre className={detailsBlockClass}>{details}</pre>
      </Card>
    );
  }
  if (callback.status === 'done' && callback.value.status === 'mfa-required') {
    return <MfaForm attemptCode={callback.value.attemptCode} onSignedIn={finish} />;
  }
  const retry = target ?? (() => runtime.navigate(runtime.urls['sign-in']));
  return (
    <Card testId="oauth-callback-pending">
      <CardText>Redirecting...</CardText>
      {showHint && (
        <CardText>
          If you are not redirected automatically,{' '}
          <a
            className={linkClass}
            href={runtime.urls['sign-in']}
            onClick={(event) => {
              event.preventDefault();
              retry();
            }}
          >
            click here
          </a>
        </CardText>
      )}
    </Card>
  );
}
